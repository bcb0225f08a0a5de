import type {
  AccountStore,
  ApprovedOfferStore,
  ConsumerRequestDraftStore,
  IdempotencyStore,
  PaymentRecordStore,
  PlacementDraftStore,
} from "./domain-stores.js";
import type { PlacementStore } from "./back-office-stores.js";

/*
 * What the connector tools need of persistence, one small port per need, so a host gives the tools
 * these and nothing of the back office (a `UnitOfWork` has all of them, and more).
 */

/** list_accounts, get_case_status. */
export interface AccountReads {
  accounts: AccountStore;
}

/** list_payment_records. */
export interface PaymentRecordReads {
  paymentRecords: PaymentRecordStore;
}

/** create_placement_draft, list_placement_drafts, get_draft_status on Desk. */
export interface PlacementDrafts {
  placementDrafts: PlacementDraftStore;
}

/** create_consumer_request_draft, list_consumer_requests, get_draft_status on Resolve. */
export interface ConsumerRequestDrafts {
  consumerRequestDrafts: ConsumerRequestDraftStore;
}

/** create_placement_draft: which of a draft's references the Desk already holds (the problems it names). */
export interface PlacedReferenceReads {
  placements: Pick<PlacementStore, "placedReferences">;
}

/** relay_approved_offer. */
export interface ApprovedOfferReads {
  approvedOffers: ApprovedOfferStore;
}

/** The stores a draft save writes inside its transaction: the idempotency key and the draft. */
export interface DraftSaveStores extends PlacementDrafts, ConsumerRequestDrafts {
  idempotency: IdempotencyStore;
}

/** A draft save claims its key and writes its draft in one transaction: all of it is written, or none. */
export interface DraftTransaction {
  transaction<T>(work: (stores: DraftSaveStores) => Promise<T>): Promise<T>;
}

/** Every store a tool uses: what `ToolRuntime.stores` asks of a host. */
export interface ToolStores
  extends AccountReads,
    PaymentRecordReads,
    PlacementDrafts,
    PlacedReferenceReads,
    ConsumerRequestDrafts,
    ApprovedOfferReads,
    DraftTransaction {}
