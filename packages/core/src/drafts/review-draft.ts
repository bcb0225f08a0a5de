import type { DraftReviewStatus } from "../domain/draft-status.js";
import type { ConsumerRequestDraftView, PlacementDraftView } from "../domain/views.js";
import { notFound, ServiceError } from "../errors/service-error.js";
import type { DomainStores } from "../ports/domain-stores.js";
import { DRAFT_STATUS_NOTICE } from "./draft-notice.js";
import type { BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { assertMayDiscard, type DraftSaver } from "./discard-rule.js";
import { historyEntry } from "./draft-history-entry.js";

export type ReviewAction = "reviewed" | "discarded";

export interface ReviewResult {
  draft: PlacementDraftView | ConsumerRequestDraftView;
  /** False when the draft already had this status (a repeated act changes nothing). */
  changed: boolean;
  notice: string;
}

/** Which statuses a draft may leave for each act; approved and discarded drafts are closed. */
const FROM: Record<ReviewAction, readonly DraftReviewStatus[]> = {
  reviewed: ["awaiting_review"],
  discarded: ["awaiting_review", "reviewed"],
};

/**
 * Marks a draft reviewed or discards it, for its owner: any person or key of the Desk marks a
 * placement draft reviewed (members review, only the owner approves); discarding follows
 * `mayDiscard`; the consumer does either to their request draft. `reviewed` never means sent,
 * delivered or accepted; the answer says so.
 */
export async function reviewDraft(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  draftId: string,
  action: ReviewAction,
): Promise<ReviewResult> {
  const at = clockOf(deps).toISOString();
  const id = draftId;
  const result = await deps.stores.transaction(async (stores) => {
    const { draft, saver } = await findOwnedDraftWithSaver(stores, actor, id);
    if (action === "discarded") assertMayDiscard(actor, saver);
    if (draft.reviewStatus === action) return { draft, changed: false };
    if (!FROM[action].includes(draft.reviewStatus)) {
      throw new ServiceError(
        "draft_closed",
        `This draft is ${draft.reviewStatus.replace("_", " ")}; it can no longer be ${action === "reviewed" ? "marked reviewed" : "discarded"}.`,
      );
    }
    if (draft.kind === "placement") await stores.draftReviews.setPlacementDraftStatus(id, action, at);
    else await stores.draftReviews.setConsumerRequestStatus(id, action, at);
    await stores.draftHistory.append(historyEntry(draft, action, actor, at));
    return { draft: { ...draft, reviewStatus: action, updatedAt: at }, changed: true };
  });
  return { ...result, notice: DRAFT_STATUS_NOTICE };
}

/** A draft of the actor's Desk or of the consumer; anything else is the same 404. */
export async function findOwnedDraft(
  stores: DomainStores,
  actor: BackOfficeActor,
  draftId: string,
): Promise<PlacementDraftView | ConsumerRequestDraftView> {
  return (await findOwnedDraftWithSaver(stores, actor, draftId)).draft;
}

/** The owned draft's view, and who saved it (for the discard rule). */
export async function findOwnedDraftWithSaver(
  stores: DomainStores,
  actor: BackOfficeActor,
  draftId: string,
): Promise<{ draft: PlacementDraftView | ConsumerRequestDraftView; saver: DraftSaver }> {
  if (actor.kind === "desk") {
    const record = await stores.draftReviews.findPlacementDraft(actor.deskId, draftId);
    if (record === undefined) throw notFound("draft");
    const { accounts: _accounts, deskId: _deskId, savedByUserId, ...view } = record;
    return { draft: view, saver: { kind: "placement", savedByUserId } };
  }
  const record = await stores.draftReviews.findConsumerRequest(actor.consumerId, draftId);
  if (record === undefined) throw notFound("draft");
  const { consumerId: _consumerId, savedByUserId, ...view } = record;
  return { draft: view, saver: { kind: "consumer_request", savedByUserId } };
}
