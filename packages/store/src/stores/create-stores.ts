import type { DomainStores, UnitOfWork } from "@connector/core";
import type { ConnectionActivityStore, FixedWindowCounterStore } from "@connector/core/ports";
import { createConnectionActivityStore } from "./connection-activity-store.js";
import type { Kysely } from "kysely";
import type { Database } from "../database/database.js";
import type { DatabaseSchema } from "../database/database-schema.js";
import { createAccountStore } from "./account-store.js";
import { createApprovedOfferStore } from "./approved-offer-store.js";
import { createConsumerRequestDraftStore } from "./consumer-request-draft-store.js";
import { createIdempotencyStore, expiredRecordPruner } from "./idempotency-store.js";
import { createPaymentRecordStore } from "./payment-record-store.js";
import { createPlacementDraftStore } from "./placement-draft-store.js";
import { type CounterStoreOptions, createCounterStore } from "./counter-store.js";
import { type CounterLeaseStore, createCounterLeaseStore } from "./counter-lease-store.js";
import { createDeskAgreementStore } from "./desk-agreement-store.js";
import { createDeskStore } from "./desk-store.js";
import { createDraftHistoryStore } from "./draft-history-store.js";
import { createDraftReviewStore } from "./draft-review-store.js";
import { createPlacementJobStore } from "./placement-job-store.js";
import { createPlacementUploadStore } from "./placement-upload-store.js";
import { createPlacementStore } from "./placement-store.js";
import { createWorkflowStore } from "./workflow-store.js";
import { createAgencyStore } from "../agency-phones-escalations/agency-store.js";
import { createEscalationStore } from "../agency-phones-escalations/escalation-store.js";
import { createPhoneStore } from "../agency-phones-escalations/phone-store.js";
import { createSkipStore } from "../agency-phones-escalations/skip-store.js";

export interface Stores extends UnitOfWork {
  /** The counts of every fixed-window limit. */
  counters: FixedWindowCounterStore;
  /** The same counts taken in leases (wrap it in `leasedCounterStore`): the per-grant limit across processes. */
  counterLeases: CounterLeaseStore;
  /** Connections' activity trails (written in batches: wrap it in `bufferedActivityRecorder`). */
  connectionActivity: ConnectionActivityStore;
}

export interface StoresOptions {
  counters?: CounterStoreOptions;
  /** Every this many new idempotency keys, expired ones are deleted (default 200). */
  pruneIdempotencyEvery?: number;
}

/** The same stores over any executor: the database itself or one open transaction. */
function bindDomainStores(db: Kysely<DatabaseSchema>, shouldPruneIdempotency: () => boolean): DomainStores {
  return {
    accounts: createAccountStore(db),
    paymentRecords: createPaymentRecordStore(db),
    placementDrafts: createPlacementDraftStore(db),
    consumerRequestDrafts: createConsumerRequestDraftStore(db),
    approvedOffers: createApprovedOfferStore(db),
    idempotency: createIdempotencyStore(db, shouldPruneIdempotency),
    desks: createDeskStore(db),
    draftReviews: createDraftReviewStore(db),
    draftHistory: createDraftHistoryStore(db),
    deskAgreements: createDeskAgreementStore(db),
    placements: createPlacementStore(db),
    placementUploads: createPlacementUploadStore(db),
    placementJobs: createPlacementJobStore(db),
    workflows: createWorkflowStore(db),
    agency: createAgencyStore(db),
    phones: createPhoneStore(db),
    skip: createSkipStore(db),
    escalations: createEscalationStore(db),
  };
}

/**
 * Core's unit of work over the database. Inside `transaction(work)` use only the stores passed to
 * `work`: on SQLite the one connection is held by the transaction, so the outer stores would wait
 * for it forever.
 */
export function createStores(database: Database, options: StoresOptions = {}): Stores {
  const { db } = database;
  const shouldPrune = expiredRecordPruner(options.pruneIdempotencyEvery);
  return {
    ...bindDomainStores(db, shouldPrune),
    counters: createCounterStore(db, options.counters),
    counterLeases: createCounterLeaseStore(db),
    connectionActivity: createConnectionActivityStore(db),
    transaction: (work) => db.transaction().execute((trx) => work(bindDomainStores(trx, shouldPrune))),
  };
}
