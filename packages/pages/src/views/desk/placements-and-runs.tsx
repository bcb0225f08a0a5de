import { CASE_STATUSES } from "@connector/core/domain";
import type { PlacementSearch } from "@connector/core/placements";
import type { PlacementPage, SkipState, WorkflowEventView, WorkflowRunView } from "@connector/core/ports";
import { EmptyState, Field, Notice, Pager, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { formatAmount, formatTime, RUN_STATUS } from "../shared/format.js";

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
  /** What the placements are searched for (nothing: every placement). */
  search: PlacementSearch;
  /** The CSV export of what the search finds. */
  exportUrl: string;
}

/**
 * Whether the person owing was looked for (skip tracing: finding someone whose contact details are stale), in
 * plain words rather than the trade's "skip trace" (issue 48 item 15). The CSV export keeps the code.
 */
export const SKIP_WORDS: Readonly<Record<SkipState, string>> = {
  not_skipped: "Not done",
  skipped: "Done",
  unknown: "Not recorded",
};

const caseStatusWords = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");

/** Search by reference and case status: a plain GET form, so it works without script and the address can be kept. */
function PlacementSearchForm({ search }: { search: PlacementSearch }) {
  return (
    <form method="get" action={PAGES.place} class="card search" aria-label="Search placements">
      <Field name="q" id="search-reference" label="Reference contains" value={search.reference} maxLength={80} />
      <Field
        kind="select"
        name="status"
        id="search-status"
        label="Case status"
        value={search.status ?? ""}
        options={[{ value: "", label: "Any status" }, ...CASE_STATUSES.map((status) => ({ value: status, label: caseStatusWords(status) }))]}
      />
      <div class="actions">
        <button type="submit">Search</button>
        {search.reference === undefined && search.status === undefined && search.draftId === undefined ? null : (
          <a href={`${PAGES.place}#placements`}>Show every placement</a>
        )}
      </div>
    </form>
  );
}

/** The saved placements, their Account Workflow runs and the feed of what each step did. */
export function PlacementsAndRuns({ placements, runs, events, references, pageWith, moved, search, exportUrl }: PlacementsAndRunsProps) {
  const first = (list: "placements" | "runs" | "events") => (moved[list] ? pageWith(list, null) : undefined);
  const next = (list: "placements" | "runs" | "events", cursor: string | null) => (cursor === null ? undefined : pageWith(list, cursor));
  const searching = search.reference !== undefined || search.status !== undefined;
  return (
    <>
      <h2 id="placements">Saved placements</h2>
      <PlacementSearchForm search={search} />
      {search.draftId === undefined ? null : (
        <Notice tone="info" title="The accounts one approved draft added">
          <p>
            Showing only the accounts added by approving <a href={PAGES.draft(search.draftId)}>this draft</a>, and their Account Workflow runs.{" "}
            <a href={`${PAGES.place}#placements`}>Show every placement</a>
          </p>
        </Notice>
      )}
      {placements.placements.length === 0 && !moved.placements ? (
        searching || search.draftId !== undefined ? (
          <EmptyState title="No placement matches">
            <p>Nothing placed on this Desk matches this search. Check the reference, or choose another status.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No placements yet">
            <p>Accounts placed on this Desk, by form, CSV file or an approved draft, appear here.</p>
          </EmptyState>
        )
      ) : (
        <>
          <p>
            <a href={exportUrl} download>
              Download {searching || search.draftId !== undefined ? "these placements" : "every placement"} as CSV
            </a>{" "}
            (for your records; up to 10,000, newest first).
          </p>
          <Table
            caption={searching ? "Placements found, newest first" : "Accounts placed on this Desk, newest first"}
            columns={[{ label: "Reference" }, { label: "Balance" }, { label: "Case status" }, { label: "Search for new contact details" }, { label: "Placed" }]}
            rowKeys={placements.placements.map((placement) => placement.accountId)}
            rows={placements.placements.map((placement) => [
              placement.reference,
              formatAmount(placement.amount, placement.currency),
              placement.caseStatus.replaceAll("_", " "),
              SKIP_WORDS[placement.skip],
              formatTime(placement.placedAt),
            ])}
          />
          <Pager label="Placement pages" previous={first("placements")} previousLabel="Newest" next={next("placements", placements.nextCursor)} nextLabel="Older" />
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
            caption="The automation feed, newest first"
            columns={[{ label: "When" }, { label: "Event" }, { label: "Step" }, { label: "Account" }]}
            rowKeys={events.events.map((event) => event.eventId)}
            rows={events.events.map((event) => [
              formatTime(event.createdAt),
              event.kind.replaceAll("_", " "),
              event.step ?? "—",
              references.get(event.accountId) ?? <code>{event.accountId}</code>,
            ])}
          />
          <Pager label="Event pages" previous={first("events")} previousLabel="Newest" next={next("events", events.nextCursor)} nextLabel="Older" />
        </>
      )}
    </>
  );
}
