import type { ConsumerRequestDraftView, PlacementDraftView } from "../domain/views.js";
import type { DraftHistoryEntry } from "../ports/back-office-stores.js";
import type { PlacementAccountItem } from "../schemas/placement-draft.js";
import { DRAFT_STATUS_NOTICE } from "./draft-notice.js";
import type { BackOfficeActor } from "../back-office/back-office-actor.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { mayDiscard } from "./discard-rule.js";
import { type DraftConflict, draftConflicts } from "./draft-conflicts.js";
import { findOwnedDraftWithSaver } from "./review-draft.js";

/** A draft as its review page shows it: what it holds, what happened, what this person may do. */
export interface DraftForReview {
  draft: PlacementDraftView | ConsumerRequestDraftView;
  /** A placement draft's accounts as saved; absent for request drafts. */
  accounts?: PlacementAccountItem[];
  history: DraftHistoryEntry[];
  /** The name each person in the history goes by, by user id (the history CSV says who acted). */
  people: Readonly<Record<string, string>>;
  /** Whether this person may discard it (the draft is open and `mayDiscard` allows it). */
  mayDiscard: boolean;
  /** An open placement draft's references approval would refuse, found before anyone clicks Approve. */
  conflicts: DraftConflict[];
  /** An approved placement draft's live accounts (for links to them and their workflow runs). */
  placed: Array<{ accountId: string; reference: string }>;
  notice: string;
}

const isOpen = (draft: { reviewStatus: string }) => draft.reviewStatus === "awaiting_review" || draft.reviewStatus === "reviewed";

/** One draft of the actor's Desk or of the consumer, with the facts its review page needs. */
export async function getDraftForReview(deps: BackOfficeDeps, actor: BackOfficeActor, draftId: string): Promise<DraftForReview> {
  const { stores } = deps;
  const { draft, saver } = await findOwnedDraftWithSaver(stores, actor, draftId);
  const [history, people] = await Promise.all([stores.draftHistory.list(draftId), stores.draftHistory.people(draftId)]);
  const base = { draft, history, people: Object.fromEntries(people.map((person) => [person.userId, person.displayName])), mayDiscard: isOpen(draft) && mayDiscard(actor, saver), conflicts: [], placed: [], notice: DRAFT_STATUS_NOTICE };
  if (actor.kind !== "desk" || draft.kind !== "placement") return base;
  const record = await stores.draftReviews.findPlacementDraft(actor.deskId, draftId);
  const accounts = record?.accounts ?? [];
  if (draft.reviewStatus === "approved") {
    return { ...base, accounts, placed: await stores.placements.accountsOfDraft(actor.deskId, draftId) };
  }
  return { ...base, accounts, conflicts: isOpen(draft) ? await draftConflicts(stores, actor.deskId, accounts) : [] };
}
