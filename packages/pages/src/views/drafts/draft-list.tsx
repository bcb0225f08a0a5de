import type { ConsumerRequestDraftView, PlacementDraftView } from "@connector/core/domain";
import type { DraftCreator } from "@connector/core/ports";
import { EmptyState, isolatedName, message, Name, Pager, richMessage, StatusBadge, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DRAFT_STATUS, formatTime } from "../shared/format.js";
import { SavedBy } from "./saved-by.js";

type AnyDraft = PlacementDraftView | ConsumerRequestDraftView;

/**
 * What a draft is called: a placement draft's title, a request's kind and recipient. The part someone
 * typed (an agent's title, a recipient) is isolated (`isolatedName`), so a direction control in it
 * cannot reorder the rest of a page's title or heading (issue 51); `plain` for a CSV cell, which
 * shares its line with nothing.
 */
export function draftName(draft: AnyDraft, how: "isolated" | "plain" = "isolated"): string {
  const typed = (text: string) => (how === "plain" ? text : isolatedName(text));
  if (draft.kind === "placement") return typed(draft.title);
  return message(`drafts.name.${draft.requestKind}`, { recipient: typed(draft.recipient) });
}

/** The same name in markup (a heading, a link): the typed part in `<bdi>`. */
export function DraftName({ draft }: { draft: AnyDraft }) {
  if (draft.kind === "placement") return <Name>{draft.title}</Name>;
  return <>{richMessage(`drafts.name.${draft.requestKind}`, { recipient: <Name>{draft.recipient}</Name> })}</>;
}

export function DraftStatus({ draft }: { draft: AnyDraft }) {
  const status = DRAFT_STATUS[draft.reviewStatus];
  return <StatusBadge tone={status.tone}>{message(`drafts.status.${draft.reviewStatus}`)}</StatusBadge>;
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
    <div>
      {message(`drafts.channelShort.${draft.channel}`)}
      {draft.reference === null ? null : (
        <>
          <br />
          <span class="muted">{message("drafts.list.theirReference", { reference: draft.reference })}</span>
        </>
      )}
    </div>
  );
}

/**
 * A draft's short number, the last six characters of its id: two drafts with the same words, saved
 * the same minute by an agent, are told apart in the lists and on their pages (issue 48 item 10).
 */
export const draftNumber = (draftId: string): string => draftId.replace(/-/g, "").slice(-6).toUpperCase();

/** The short number as the lists and the draft's page show it. */
export function DraftNumber({ draftId }: { draftId: string }) {
  return <span class="muted draft-number">{message("drafts.list.number", { number: draftNumber(draftId) })}</span>;
}

/** Drafts newest first, each linking to its review page, with its status as a word and a badge. */
export function DraftList({ caption, drafts, firstPage, nextPage, emptyHint, pagerLabel, savedBy }: DraftListProps) {
  if (drafts.length === 0 && firstPage === undefined) {
    return (
      <EmptyState title={message("drafts.list.emptyTitle")}>
        <p>{emptyHint}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <Table
        caption={caption}
        columns={[
          { label: message("drafts.list.column.draft") },
          { label: message("drafts.list.column.what") },
          { label: message("drafts.list.column.status") },
          { label: message("drafts.list.column.saved") },
          ...(savedBy === undefined ? [] : [{ label: message("drafts.list.column.savedBy") }]),
        ]}
        rowKeys={drafts.map((draft) => draft.draftId)}
        rows={drafts.map((draft) => [
          // One element per cell: on a phone the cell is a two-column grid (its label, then this).
          <div>
            <a href={PAGES.draft(draft.draftId)}>
              <DraftName draft={draft} />
            </a>
            <br />
            <DraftNumber draftId={draft.draftId} />
          </div>,
          draft.kind === "placement" ? message("drafts.list.placementOf", { count: draft.accountCount }) : <RequestWhat draft={draft} />,
          <DraftStatus draft={draft} />,
          formatTime(draft.createdAt),
          ...(savedBy === undefined ? [] : [<SavedBy creator={savedBy.creators[draft.draftId]} viewerUserId={savedBy.viewerUserId} />]),
        ])}
      />
      <Pager
        label={pagerLabel ?? message("drafts.list.pager")}
        previous={firstPage}
        previousLabel={message("drafts.list.newest")}
        next={nextPage}
        nextLabel={message("drafts.list.older")}
      />
    </>
  );
}
