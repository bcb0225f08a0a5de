import type { PlacementPage, WorkflowEventView, WorkflowRunView } from "@connector/core";
import { EmptyState, Pager, StatusBadge, Table } from "@connector/ui";
import { formatAmount, formatTime, RUN_STATUS } from "./format.js";

export interface PlacementsAndRunsProps {
  placements: PlacementPage;
  runs: { runs: WorkflowRunView[]; nextCursor: string | null };
  events: { events: WorkflowEventView[]; nextCursor: string | null };
  /** The Desk's reference of each account the runs and events name. */
  references: ReadonlyMap<string, string>;
  /** Builds this page's address with one list moved to `cursor`. */
  pageWith: (list: "placements" | "runs" | "events", cursor: string | null) => string;
  /** Which lists are not on their first page. */
  moved: { placements: boolean; runs: boolean; events: boolean };
}

/** The saved placements, their Account Workflow runs and the feed of what each step did. */
export function PlacementsAndRuns({ placements, runs, events, references, pageWith, moved }: PlacementsAndRunsProps) {
  const first = (list: "placements" | "runs" | "events") => (moved[list] ? pageWith(list, null) : undefined);
  const next = (list: "placements" | "runs" | "events", cursor: string | null) => (cursor === null ? undefined : pageWith(list, cursor));
  return (
    <>
      <h2>Saved placements</h2>
      {placements.placements.length === 0 && !moved.placements ? (
        <EmptyState title="No placements yet">
          <p>Place one account or a CSV file above; you see a preview before anything is saved.</p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption="Accounts placed on this Desk"
            columns={[{ label: "Reference" }, { label: "Balance" }, { label: "Case status" }, { label: "Skip trace" }, { label: "Placed" }]}
            rowKeys={placements.placements.map((placement) => placement.accountId)}
            rows={placements.placements.map((placement) => [
              placement.reference,
              formatAmount(placement.amount, placement.currency),
              placement.caseStatus.replaceAll("_", " "),
              placement.skip.replaceAll("_", " "),
              formatTime(placement.placedAt),
            ])}
          />
          <Pager label="Placement pages" previous={first("placements")} previousLabel="First" next={next("placements", placements.nextCursor)} nextLabel="More" />
        </>
      )}
      <h2>Account Workflow runs</h2>
      <p>Each saved account gets a run: intake checks and bookkeeping only. No run sends a message or moves money.</p>
      {runs.runs.length === 0 && !moved.runs ? (
        <EmptyState title="No workflow runs yet">
          <p>Runs start when you save placements or approve a placement draft.</p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption="Workflow runs, newest first"
            columns={[{ label: "Account" }, { label: "Status" }, { label: "Attempts" }, { label: "Queued" }, { label: "Finished" }]}
            rowKeys={runs.runs.map((run) => run.runId)}
            rows={runs.runs.map((run) => [
              references.get(run.accountId) ?? <code>{run.accountId}</code>,
              <StatusBadge tone={RUN_STATUS[run.status]}>{run.status}</StatusBadge>,
              String(run.attempts),
              formatTime(run.queuedAt),
              run.finishedAt === null ? "—" : formatTime(run.finishedAt),
            ])}
          />
          <Pager label="Run pages" previous={first("runs")} previousLabel="Newest" next={next("runs", runs.nextCursor)} nextLabel="Older" />
        </>
      )}
      <h2>Workflow events</h2>
      {events.events.length === 0 && !moved.events ? (
        <EmptyState title="No events yet">
          <p>Every step of every run adds an event here; the feed is never changed afterwards.</p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption="The automation feed, in the order things happened"
            columns={[{ label: "When" }, { label: "Event" }, { label: "Step" }, { label: "Account" }]}
            rowKeys={events.events.map((event) => event.eventId)}
            rows={events.events.map((event) => [
              formatTime(event.createdAt),
              event.kind.replaceAll("_", " "),
              event.step ?? "—",
              references.get(event.accountId) ?? <code>{event.accountId}</code>,
            ])}
          />
          <Pager label="Event pages" previous={first("events")} previousLabel="Start" next={next("events", events.nextCursor)} nextLabel="Later" />
        </>
      )}
    </>
  );
}
