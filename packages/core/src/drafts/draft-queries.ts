import type { ConsumerRequestDraftView, PlacementDraftView } from "../domain/views.js";
import { notFound } from "../errors/service-error.js";
import type { DraftCreator, DraftHistoryEntry } from "../ports/back-office-stores.js";
import type { PlacementAccountItem } from "../schemas/placement-draft.js";
import { DRAFT_STATUS_NOTICE } from "./draft-notice.js";
import { assertConsumerActor, assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { findOwnedDraft } from "./review-draft.js";

/** Spec §8's listing size, for people as for agents. */
export const DRAFTS_LISTED = 50;

export interface DraftDetail {
  draft: PlacementDraftView | ConsumerRequestDraftView;
  /** A placement draft's accounts as saved; absent for request drafts. */
  accounts?: PlacementAccountItem[];
  history: DraftHistoryEntry[];
  notice: string;
}

/** One draft of the actor's Desk (with its accounts) or of the consumer, and who did what to it, when. */
export async function getDraftDetail(deps: BackOfficeDeps, actor: BackOfficeActor, draftId: string): Promise<DraftDetail> {
  const id = draftId;
  const draft = await findOwnedDraft(deps.stores, actor, id);
  const history = await deps.stores.draftHistory.list(id);
  if (actor.kind === "desk") {
    const record = await deps.stores.draftReviews.findPlacementDraft(actor.deskId, id);
    if (record === undefined) throw notFound("draft");
    return { draft, accounts: record.accounts, history, notice: DRAFT_STATUS_NOTICE };
  }
  return { draft, history, notice: DRAFT_STATUS_NOTICE };
}

/** Who saved one draft of the actor's Desk or of the consumer (the connection's app by name), for its page. */
export async function getDraftCreator(deps: BackOfficeDeps, actor: BackOfficeActor, draftId: string): Promise<DraftCreator | undefined> {
  await findOwnedDraft(deps.stores, actor, draftId);
  const [creator] = await deps.stores.draftHistory.creators([draftId]);
  return creator;
}

/** The Desk's placement drafts, whichever connection saved them, newest first. */
export async function listDeskDrafts(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
): Promise<{ drafts: PlacementDraftView[]; notice: string }> {
  assertDeskActor(actor);
  return { drafts: await deps.stores.draftReviews.listPlacementDrafts(actor.deskId, DRAFTS_LISTED), notice: DRAFT_STATUS_NOTICE };
}

/** The consumer's request drafts, whichever connection saved them, newest first. */
export async function listConsumerDrafts(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
): Promise<{ drafts: ConsumerRequestDraftView[]; notice: string }> {
  assertConsumerActor(actor);
  return { drafts: await deps.stores.consumerRequestDrafts.listByConsumer(actor.consumerId, DRAFTS_LISTED), notice: DRAFT_STATUS_NOTICE };
}
