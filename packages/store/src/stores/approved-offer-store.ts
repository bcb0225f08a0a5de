import type { ApprovedOfferStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";
import { toApprovedOfferView } from "../mappers/approved-offer-mapper.js";

export function createApprovedOfferStore(db: Kysely<DatabaseSchema>): ApprovedOfferStore {
  /** Active (not withdrawn) offers on an account this consumer is verified for. */
  const consumerOffers = (consumerId: string) =>
    db
      .selectFrom("consumer_verified_accounts as verified")
      .innerJoin("live_accounts as accounts", "accounts.id", "verified.account_id")
      .innerJoin("approved_offers as offer", "offer.account_id", "accounts.id")
      .select(["offer.id", "accounts.reference", "offer.terms", "offer.approved_at", "offer.expires_at"])
      .where("verified.consumer_id", "=", consumerId)
      .where("offer.status", "=", "active");
  /** Offers relayable to this consumer now: those, unexpired. */
  const relayable = (consumerId: string, now: string) =>
    consumerOffers(consumerId).where("offer.expires_at", ">", now).orderBy("offer.approved_at", "desc").orderBy("offer.id", "desc");
  /** Those whose deadline has passed, most recently expired first. */
  const expired = (consumerId: string, now: string) =>
    consumerOffers(consumerId).where("offer.expires_at", "<=", now).orderBy("offer.expires_at", "desc").orderBy("offer.id", "desc");

  return {
    async listRelayableOffers(consumerId, now, limit) {
      return (await relayable(consumerId, now).limit(limit).execute()).map(toApprovedOfferView);
    },
    async listExpiredOffers(consumerId, now, since, limit) {
      return (await expired(consumerId, now).where("offer.expires_at", ">", since).limit(limit).execute()).map(toApprovedOfferView);
    },
    async findExpiredOfferById(consumerId, offerId, now, since) {
      const row = await expired(consumerId, now).where("offer.id", "=", offerId).where("offer.expires_at", ">", since).executeTakeFirst();
      return row === undefined ? undefined : toApprovedOfferView(row);
    },
    async findRelayableOfferById(consumerId, offerId, now) {
      const row = await relayable(consumerId, now).where("offer.id", "=", offerId).executeTakeFirst();
      return row === undefined ? undefined : toApprovedOfferView(row);
    },
    /**
     * One query from the consumer's verified accounts outward, so a reference that also exists at
     * another desk, or on an account the consumer is not verified for, is simply not reached.
     */
    async findRelayableOffer(consumerId, accountReference, now) {
      const row = await relayable(consumerId, now).where("accounts.reference", "=", accountReference).limit(1).executeTakeFirst();
      return row === undefined ? undefined : toApprovedOfferView(row);
    },
  };
}
