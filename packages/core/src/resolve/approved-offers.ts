import type { ApprovedOfferView } from "../domain/views.js";
import { notFound } from "../errors/service-error.js";
import { assertConsumerActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";

/** Said with every relayed offer, to agents and on the consumer's pages (spec §1, §2.5). */
export const RELAY_NOTICE =
  "These are the creditor's approved terms, verbatim. The service does not negotiate, change or accept them; review them at reviewUrl and act yourself if you choose to.";

/** Where a consumer reviews an offer: the page relay_approved_offer links to. */
export const offerReviewPath = (offerId: string): string => `/resolve/offers/${offerId}`;

/** How many offers a consumer's page lists at most. */
export const OFFERS_LISTED = 50;

/**
 * The active, unexpired approved offers on accounts the consumer is verified for, newest first:
 * the same rule relay_approved_offer reads by, applied to all the consumer's accounts.
 */
export async function listApprovedOffers(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
): Promise<{ offers: ApprovedOfferView[]; notice: string }> {
  assertConsumerActor(actor);
  const now = clockOf(deps).toISOString();
  return { offers: await deps.stores.approvedOffers.listRelayableOffers(actor.consumerId, now, OFFERS_LISTED), notice: RELAY_NOTICE };
}

/** How long an offer stays listed on /resolve after its deadline, marked as past it (issue 48 item 7). */
export const EXPIRED_OFFERS_SHOWN_DAYS = 30;

/** An offer past its deadline, as the consumer's pages show it: when it expired, never its terms (nothing to act on). */
export interface ExpiredOfferView {
  offerId: string;
  accountReference: string;
  expiresAt: string;
}

const expiredView = (offer: ApprovedOfferView): ExpiredOfferView => ({
  offerId: offer.offerId,
  accountReference: offer.accountReference,
  expiresAt: offer.expiresAt,
});

/**
 * The consumer's offers whose deadline passed in the last EXPIRED_OFFERS_SHOWN_DAYS days, most
 * recently expired first: /resolve lists them as past their deadline, so an offer a person was told
 * about does not vanish without a word.
 */
export async function listRecentlyExpiredOffers(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<{ offers: ExpiredOfferView[] }> {
  assertConsumerActor(actor);
  const now = clockOf(deps);
  const offers = await deps.stores.approvedOffers.listExpiredOffers(actor.consumerId, now.toISOString(), expiredSince(now), OFFERS_LISTED);
  return { offers: offers.map(expiredView) };
}

/** The start of the window in which an expired offer is still shown as expired. */
const expiredSince = (now: Date) => new Date(now.getTime() - EXPIRED_OFFERS_SHOWN_DAYS * 86_400_000).toISOString();

/**
 * One of the consumer's offers past its deadline by id (its review link opened late), within the
 * same EXPIRED_OFFERS_SHOWN_DAYS /resolve lists it for; undefined for anything else. After that its
 * page is the one 404 of an unknown offer, not a 410 forever (docs/decisions.md, issue 48).
 */
export async function findExpiredOffer(deps: BackOfficeDeps, actor: BackOfficeActor, offerId: string): Promise<ExpiredOfferView | undefined> {
  assertConsumerActor(actor);
  const now = clockOf(deps);
  const offer = await deps.stores.approvedOffers.findExpiredOfferById(actor.consumerId, offerId, now.toISOString(), expiredSince(now));
  return offer === undefined ? undefined : expiredView(offer);
}

/** One offer by id, on the same terms; another consumer's, expired, withdrawn or unknown: the same 404. */
export async function getApprovedOffer(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  offerId: string,
): Promise<{ offer: ApprovedOfferView; notice: string }> {
  assertConsumerActor(actor);
  const now = clockOf(deps).toISOString();
  const offer = await deps.stores.approvedOffers.findRelayableOfferById(actor.consumerId, offerId, now);
  if (offer === undefined) throw notFound("approved offer");
  return { offer, notice: RELAY_NOTICE };
}
