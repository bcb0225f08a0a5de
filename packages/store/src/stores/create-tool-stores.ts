import type { ToolStores } from "@connector/core";
import type { DraftSaveStores } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { Database } from "../database/database.js";
import type { DatabaseSchema } from "../database/database-schema.js";
import { createAccountStore } from "./account-store.js";
import { createApprovedOfferStore } from "./approved-offer-store.js";
import { createConsumerRequestDraftStore } from "./consumer-request-draft-store.js";
import { createIdempotencyStore, expiredRecordPruner } from "./idempotency-store.js";
import { createPaymentRecordStore } from "./payment-record-store.js";
import { createPlacementDraftStore } from "./placement-draft-store.js";
import { createPlacementStore } from "./placement-store.js";

/** The draft stores over any executor: the database itself or one open transaction. */
function bindDraftStores(db: Kysely<DatabaseSchema>, shouldPruneIdempotency: () => boolean): DraftSaveStores {
  return {
    placementDrafts: createPlacementDraftStore(db),
    consumerRequestDrafts: createConsumerRequestDraftStore(db),
    idempotency: createIdempotencyStore(db, shouldPruneIdempotency),
  };
}

/**
 * Only the stores the connector tools use (core's `ToolStores`), for a host that serves the tools and
 * nothing of the back office. `createStores` gives these too, among all the others.
 */
export function createToolStores(database: Database, options: { pruneIdempotencyEvery?: number } = {}): ToolStores {
  const { db } = database;
  const shouldPrune = expiredRecordPruner(options.pruneIdempotencyEvery);
  const { placementDrafts, consumerRequestDrafts } = bindDraftStores(db, shouldPrune);
  return {
    accounts: createAccountStore(db),
    paymentRecords: createPaymentRecordStore(db),
    approvedOffers: createApprovedOfferStore(db),
    placements: createPlacementStore(db),
    placementDrafts,
    consumerRequestDrafts,
    transaction: (work) => db.transaction().execute((trx) => work(bindDraftStores(trx, shouldPrune))),
  };
}
