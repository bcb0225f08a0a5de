import type { PlacementUploadStore } from "./placement-upload-store.js";
import type { PlacementJobStore } from "./placement-job-store.js";
import type { CreateConsumerRequestDraftInput } from "../schemas/consumer-request-draft.js";
import type { PlacementAccountItem } from "../schemas/placement-draft.js";
import type { Workspace } from "../policy/workspaces.js";
import type {
  DeskAgreementStore,
  DeskStore,
  DraftHistoryStore,
  DraftReviewStore,
  PlacementStore,
} from "./back-office-stores.js";
import type { WorkflowStore } from "./workflow-stores.js";
import type { AgencyStore, EscalationStore, PhoneStore, SkipStore } from "./agency-phone-escalation-stores.js";
import type {
  AccountView,
  ApprovedOfferView,
  ConsumerRequestDraftView,
  PaymentRecordView,
  PlacementDraftView,
} from "../domain/views.js";

export interface AccountPage {
  accounts: AccountView[];
  /** The cursor to pass for the next page, or null on the last page. */
  nextCursor: string | null;
}

export interface AccountStore {
  /** Keyset page of a desk's accounts ordered by accountId, starting after `after` when given. */
  listAccounts(deskId: string, page: { limit: number; after?: string }): Promise<AccountPage>;
  getAccount(deskId: string, accountId: string): Promise<AccountView | undefined>;
}

export interface PaymentRecordStore {
  /** Newest first. Undefined when the account is not the desk's (so callers answer 404). */
  listPaymentRecords(deskId: string, accountId: string, limit: number): Promise<PaymentRecordView[] | undefined>;
}

export interface NewPlacementDraft {
  draftId: string;
  deskId: string;
  userId: string;
  grantId: string;
  title: string;
  accounts: PlacementAccountItem[];
  createdAt: string;
}

export interface PlacementDraftStore {
  create(draft: NewPlacementDraft): Promise<PlacementDraftView>;
  /** Newest first, only drafts created through this grant. */
  listByGrant(grantId: string, limit: number): Promise<PlacementDraftView[]>;
  findByGrant(grantId: string, draftId: string): Promise<PlacementDraftView | undefined>;
}

export interface NewConsumerRequestDraft extends Omit<CreateConsumerRequestDraftInput, "idempotencyKey"> {
  draftId: string;
  consumerId: string;
  userId: string;
  /** The connection that saved it; null when the consumer saved it on their own page. */
  grantId: string | null;
  createdAt: string;
}

export interface ConsumerRequestDraftStore {
  create(draft: NewConsumerRequestDraft): Promise<ConsumerRequestDraftView>;
  /** Newest first, every draft of this consumer whatever connection saved it (the person's own pages). */
  listByConsumer(consumerId: string, limit: number): Promise<ConsumerRequestDraftView[]>;
  /** Newest first, only drafts created through this grant (what a connection lists). */
  listByGrant(grantId: string, limit: number): Promise<ConsumerRequestDraftView[]>;
  findByGrant(grantId: string, draftId: string): Promise<ConsumerRequestDraftView | undefined>;
}

export interface ApprovedOfferStore {
  /**
   * The active, unexpired approved offer for the account with this reference, only when the
   * consumer is verified for that account; otherwise undefined (never says which part failed).
   */
  findRelayableOffer(consumerId: string, accountReference: string, now: string): Promise<ApprovedOfferView | undefined>;
  /** Every active, unexpired offer on an account the consumer is verified for, newest first. */
  listRelayableOffers(consumerId: string, now: string, limit: number): Promise<ApprovedOfferView[]>;
  /** One such offer by id; undefined for anything else (another consumer's, expired, withdrawn, unknown). */
  findRelayableOfferById(consumerId: string, offerId: string, now: string): Promise<ApprovedOfferView | undefined>;
  /**
   * Active offers on the consumer's verified accounts whose deadline passed after `since` and by
   * `now`, most recently expired first (what /resolve says is past its deadline).
   */
  listExpiredOffers(consumerId: string, now: string, since: string, limit: number): Promise<ApprovedOfferView[]>;
  /**
   * One such offer by id, whose deadline passed after `since` and by `now` (the window /resolve lists);
   * undefined for anything else, an offer that expired before `since` included.
   */
  findExpiredOfferById(consumerId: string, offerId: string, now: string, since: string): Promise<ApprovedOfferView | undefined>;
}

/** Spec §7 rules 1–3: a key is scoped to the connected person and workspace. */
export interface IdempotencyScope {
  userId: string;
  workspace: Workspace;
  key: string;
}

export type IdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; requestHash: string; response: unknown };

export interface IdempotencyStore {
  /**
   * Inside a transaction: records the key with the request's hash, or, when an unexpired record
   * already holds the key, returns it. Concurrent claims of one key wait for the first to commit.
   */
  claim(scope: IdempotencyScope, requestHash: string, now: string, expiresAt: string): Promise<IdempotencyClaim>;
  /** Stores the response a replay returns. Same transaction as the claim. */
  complete(scope: IdempotencyScope, response: unknown): Promise<void>;
}

/** Counts of every limit (per grant, registrations, sign-ins), one row per key and window. */
export interface FixedWindowCounterStore {
  /**
   * Counts `amount` events (default 1; 0 reads) for the key in the window starting at
   * `windowStart` (ISO 8601) and returns the count so far, shared by every process using the
   * same database.
   */
  hit(key: string, windowStart: string, amount?: number): Promise<number>;
}

/** The stores a tool handler may use. */
export interface DomainStores {
  accounts: AccountStore;
  paymentRecords: PaymentRecordStore;
  placementDrafts: PlacementDraftStore;
  consumerRequestDrafts: ConsumerRequestDraftStore;
  approvedOffers: ApprovedOfferStore;
  idempotency: IdempotencyStore;
  // The back office (review, agreement, placements, Account Workflow).
  desks: DeskStore;
  draftReviews: DraftReviewStore;
  draftHistory: DraftHistoryStore;
  deskAgreements: DeskAgreementStore;
  placements: PlacementStore;
  /** CSV files sent in parts, until placed (issue 39). */
  placementUploads: PlacementUploadStore;
  placementJobs: PlacementJobStore;
  workflows: WorkflowStore;
  // The back office, part 2 (agency invites and clients, phone imports, skip count, escalations).
  agency: AgencyStore;
  phones: PhoneStore;
  skip: SkipStore;
  escalations: EscalationStore;
}

export interface UnitOfWork extends DomainStores {
  /** Runs `work` in one database transaction: all of it is written, or none. */
  transaction<T>(work: (stores: DomainStores) => Promise<T>): Promise<T>;
}
