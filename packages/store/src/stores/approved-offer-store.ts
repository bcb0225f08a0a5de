import type { ApprovedOfferStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";
import { toApprovedOfferView } from "../mappers/approved-offer-mapper.js";

export function createApprovedOfferStore(db: Kysely<DatabaseSchema>): ApprovedOfferStore {
  /** Offers relayable to this consumer now: active, unexpired, on an account they are verified for. */
  const relayable = (consumerId: string, now: string) =>
    db
      .selectFrom("consumer_verified_accounts as verified")
      .innerJoin("live_accounts as accounts", "accounts.id", "verified.account_id")
      .innerJoin("approved_offers as offer", "offer.account_id", "accounts.id")
      .select(["offer.id", "accounts.reference", "offer.terms", "offer.approved_at", "offer.expires_at"])
      .where("verified.consumer_id", "=", consumerId)
      .where("offer.status", "=", "active")
      .where("offer.expires_at", ">", now)
      .orderBy("offer.approved_at", "desc")
      .orderBy("offer.id", "desc");

  return {
    async listRelayableOffers(consumerId, now, limit) {
      return (await relayable(consumerId, now).limit(limit).execute()).map(toApprovedOfferView);
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
