import type { ConsumerRequestDraftView, PlacementDraftView } from "@connector/core/domain";
import type { DraftCreator } from "@connector/core/ports";
import { EmptyState, Pager, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DRAFT_STATUS, formatTime } from "../shared/format.js";
import { SavedBy } from "./saved-by.js";

type AnyDraft = PlacementDraftView | ConsumerRequestDraftView;

/** What a draft is called in a list: a placement draft's title, a request's kind and recipient. */
export function draftName(draft: AnyDraft): string {
  if (draft.kind === "placement") return draft.title;
  return `${draft.requestKind === "documents" ? "Request for documents" : "Contact preference"} to ${draft.recipient}`;
}

export function DraftStatus({ draft }: { draft: AnyDraft }) {
  const status = DRAFT_STATUS[draft.reviewStatus];
  return <StatusBadge tone={status.tone}>{status.label}</StatusBadge>;
}

export interface DraftListProps {
  caption: string;
  drafts: readonly AnyDraft[];
  /** Links for the pager: the first page (when not on it) and the next one. */
  firstPage?: string | undefined;
  nextPage?: string | undefined;
  emptyHint: string;
  /** Names the pager, so two lists on one page have pagers told apart. */
  pagerLabel?: string;
  /** Who saved each draft (by draftId), and who is reading: a "Saved by" column names the agent. */
  savedBy?: { creators: Record<string, DraftCreator>; viewerUserId: string } | undefined;
}

/** How a request is to be sent, and the collector's reference: what tells six letters to one collector apart. */
function RequestWhat({ draft }: { draft: ConsumerRequestDraftView }) {
  return (
    <>
      {REQUEST_CHANNEL_SHORT[draft.channel]}
      {draft.reference === null ? null : (
        <>
          <br />
          <span class="muted">Their reference: {draft.reference}</span>
        </>
      )}
    </>
  );
}

/** The channel in a list's few words (the draft's page says it in full). */
const REQUEST_CHANNEL_SHORT: Record<ConsumerRequestDraftView["channel"], string> = {
  service: "Letter: how to send it not decided yet",
  mail: "Letter to send by mail",
  email: "Letter to send by email",
  written: "Letter to send another written way",
};

/** Drafts newest first, each linking to its review page, with its status as a word and a badge. */
export function DraftList({ caption, drafts, firstPage, nextPage, emptyHint, pagerLabel = "Draft pages", savedBy }: DraftListProps) {
  if (drafts.length === 0 && firstPage === undefined) {
    return (
      <EmptyState title="No drafts yet">
        <p>{emptyHint}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <Table
        caption={caption}
        columns={[{ label: "Draft" }, { label: "What" }, { label: "Status" }, { label: "Saved" }, ...(savedBy === undefined ? [] : [{ label: "Saved by" }])]}
        rowKeys={drafts.map((draft) => draft.draftId)}
        rows={drafts.map((draft) => [
          <a href={PAGES.draft(draft.draftId)}>{draftName(draft)}</a>,
          draft.kind === "placement" ? `Placement of ${draft.accountCount} account${draft.accountCount === 1 ? "" : "s"}` : <RequestWhat draft={draft} />,
          <DraftStatus draft={draft} />,
          formatTime(draft.createdAt),
          ...(savedBy === undefined ? [] : [<SavedBy creator={savedBy.creators[draft.draftId]} viewerUserId={savedBy.viewerUserId} />]),
        ])}
      />
      <Pager label={pagerLabel} previous={firstPage} previousLabel="Newest" next={nextPage} nextLabel="Older" />
    </>
  );
}
