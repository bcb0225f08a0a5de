import type { ConsumerRequestDraftView, PlacementDraftView } from "../domain/views.js";
import { ServiceError } from "../errors/service-error.js";
import type { DraftCreator, DraftPage } from "../ports/back-office-stores.js";
import { identifierSchema } from "../schemas/identifier.js";
import { DRAFT_STATUS_NOTICE } from "./draft-notice.js";
import { assertDeskActor, assertSignedInOwner, type BackOfficeActor } from "../back-office/back-office-actor.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";

/** One page of a person's drafts on their Connections screen. */
export const MY_DRAFTS_PAGE = 20;

export type MyDraftsPage = DraftPage<PlacementDraftView | ConsumerRequestDraftView> & {
  notice: string;
  /** Who saved each draft on the page (by draftId): which connection's app, or the person on a page. */
  savedBy: Record<string, DraftCreator>;
};

/** A page of drafts with who saved each, looked up in one query. */
async function withCreators(
  deps: BackOfficeDeps,
  page: DraftPage<PlacementDraftView | ConsumerRequestDraftView>,
): Promise<MyDraftsPage> {
  const creators = await deps.stores.draftHistory.creators(page.drafts.map((draft) => draft.draftId));
  return { ...page, notice: DRAFT_STATUS_NOTICE, savedBy: Object.fromEntries(creators.map((creator) => [creator.draftId, creator])) };
}

/**
 * The drafts a signed-in person's connections created, newest first, a page at a time: placement
 * drafts for desk staff (their own agents', not their colleagues'), request drafts for a consumer
 * (theirs, whichever connection or page saved them). The cursor is opaque, as the tools' are.
 */
export async function listMyDrafts(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  page: { cursor?: string | undefined; closedOnly?: boolean } = {},
): Promise<MyDraftsPage> {
  const request = pageRequest(page.cursor);
  if (actor.kind === "consumer") {
    return withCreators(deps, await deps.stores.draftReviews.pageConsumerRequests(actor.consumerId, request));
  }
  // A desk key has no person and so no connections of its own.
  if (actor.userId === null) return { drafts: [], nextCursor: null, notice: DRAFT_STATUS_NOTICE, savedBy: {} };
  // The owner's open drafts are on the Desk's list already: `closedOnly` keeps each draft on one list (issue 18).
  const closedOnly = page.closedOnly === true;
  return withCreators(deps, await deps.stores.draftReviews.pagePlacementDraftsOfUser(actor.deskId, actor.userId, { ...request, closedOnly }));
}

/**
 * For the Desk's owner, who alone approves (spec §5.3): every placement draft of the Desk still
 * waiting for a decision, whichever member's agent saved it, newest first, a page at a time.
 */
export async function listDeskDraftsAwaitingDecision(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  page: { cursor?: string | undefined } = {},
): Promise<MyDraftsPage> {
  assertDeskActor(actor);
  assertSignedInOwner(actor, "see every open draft of the Desk");
  const request = pageRequest(page.cursor);
  return withCreators(deps, await deps.stores.draftReviews.pageOpenPlacementDraftsOfDesk(actor.deskId, request));
}

function pageRequest(cursor: string | undefined) {
  return { limit: MY_DRAFTS_PAGE, ...(cursor === undefined ? {} : { after: parseCursor(cursor) }) };
}

function parseCursor(cursor: string): string {
  const parsed = identifierSchema.safeParse(cursor);
  if (!parsed.success) throw new ServiceError("invalid_input", "This page link is not valid; start from the first page.", { field: "cursor" });
  return parsed.data;
}
