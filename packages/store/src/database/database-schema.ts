import type { CaseStatus, DraftReviewStatus, PaymentMethod, PaymentOutcome } from "@connector/core/domain";
import type { DraftAction, SkipState, WorkflowEventKind, WorkflowRunStatus } from "@connector/core/ports";
import type { Generated } from "kysely";
import type {
  AccountPhoneTable,
  AgencyClientTable,
  AgencyInviteTable,
  EscalationTable,
  PhoneImportBatchTable,
} from "./agency-phone-escalation-schema.js";

/**
 * Row shapes of the domain tables as Kysely sees them. Timestamps are ISO-8601 UTC text with
 * milliseconds in both dialects, so they sort and compare as plain strings; money is an integer
 * count of minor units next to its currency.
 */

export type DeskKind = "creditor" | "buyer" | "agency";

export interface DeskTable {
  id: string;
  name: string;
  kind: DeskKind;
  created_at: string;
  /** 1 or 0 (default 1): whether placements queue Account Workflow. Optional: older rows get the default. */
  account_workflow_enabled?: number;
}

export interface ConsumerTable {
  id: string;
  display_name: string;
  created_at: string;
}

/** Holds contact details, a government-ID fragment and notes that no view may ever carry. */
export interface AccountTable {
  id: string;
  desk_id: string;
  reference: string;
  debtor_name: string;
  debtor_email: string | null;
  debtor_phone: string | null;
  debtor_ssn_last4: string | null;
  internal_note: string | null;
  face_amount_minor: number;
  currency: string;
  case_status: CaseStatus;
  placed_at: string;
  status_updated_at: string;
  // Back-office columns (migration 2026-11-23T00-01); optional because they have defaults.
  /** 1 when face_amount_minor holds a provided balance, 0 when the balance was not provided. */
  amount_provided?: number;
  creditor?: string | null;
  skip_state?: SkipState;
  placed_from_draft_id?: string | null;
  /** The agency the account was placed with, when placed with one (a desk it is a client of). */
  agency_desk_id?: string | null;
  intake_status?: "ready" | "balance_missing" | null;
  /** The placement job saving it (issue 47): not live until that job is placed; null once released. */
  pending_job_id?: string | null;
}

export interface PaymentRecordTable {
  id: string;
  account_id: string;
  amount_minor: number;
  currency: string;
  method: PaymentMethod;
  outcome: PaymentOutcome;
  card_last4: string | null;
  internal_note: string | null;
  recorded_at: string;
}

export interface ConsumerVerifiedAccountTable {
  consumer_id: string;
  account_id: string;
  verified_at: string;
}

export type ApprovedOfferStatus = "active" | "withdrawn";

export interface ApprovedOfferTable {
  id: string;
  account_id: string;
  terms: string;
  status: ApprovedOfferStatus;
  approved_at: string;
  expires_at: string;
}

export interface PlacementDraftTable {
  id: string;
  desk_id: string;
  user_id: string;
  grant_id: string;
  title: string;
  /** The validated account items as JSON, verbatim. */
  accounts_json: string;
  account_count: number;
  review_status: DraftReviewStatus;
  created_at: string;
  updated_at: string;
}

export interface ConsumerRequestDraftTable {
  id: string;
  consumer_id: string;
  user_id: string;
  /** Null when the consumer saved it on their own page. */
  grant_id: string | null;
  kind: "documents" | "contact_preference";
  recipient: string;
  reference: string | null;
  channel: "service" | "written" | "email" | "mail";
  review_status: DraftReviewStatus;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyRecordTable {
  user_id: string;
  workspace: string;
  idempotency_key: string;
  request_hash: string;
  response_json: string | null;
  created_at: string;
  expires_at: string;
}

export interface RateLimitCounterTable {
  bucket_key: string;
  window_start: string;
  count: number;
  /** Of `count`, what sits in leases not yet settled (the per-grant limit only). */
  outstanding: Generated<number>;
  /** When the newest lease was granted, ms since the epoch (the per-grant limit only). */
  leased_at: Generated<number>;
  /** What the last take was granted. */
  last_granted: Generated<number>;
}

export interface DraftHistoryTable {
  seq: Generated<number>;
  draft_id: string;
  draft_kind: "placement" | "consumer_request";
  action: DraftAction;
  user_id: string | null;
  via: "session" | "desk_key" | "connection";
  grant_id: string | null;
  key_id: string | null;
  created_at: string;
}

/** One connector tool call of a grant: never its arguments. Only the newest few per grant are kept. */
export interface ConnectionActivityTable {
  seq: Generated<number>;
  grant_id: string;
  tool: string;
  /** `ok` or the error code answered. */
  result: string;
  created_at: string;
}

export interface DeskAgreementAcceptanceTable {
  user_id: string;
  version: string;
  desk_id: string;
  accepted_at: string;
}

export interface WorkflowRunTable {
  id: string;
  desk_id: string;
  account_id: string;
  workflow: "account_workflow";
  status: WorkflowRunStatus;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  failure_code: string | null;
}

export interface WorkflowEventTable {
  seq: Generated<number>;
  id: string;
  run_id: string;
  desk_id: string;
  account_id: string;
  kind: WorkflowEventKind;
  step: string | null;
  step_key: string | null;
  data_json: string;
  created_at: string;
}

/** A CSV file being sent in parts (issue 39). */
export interface PlacementUploadTable {
  id: string;
  desk_id: string;
  agency_desk_id: string | null;
  size: number;
  chunk_bytes: number;
  chunk_count: number;
  created_at: string;
  expires_at: string;
}

/** One part of a placement upload: its bytes, length and SHA-256 (hex). */
export interface PlacementUploadChunkTable {
  upload_id: string;
  chunk_index: number;
  size: number;
  sha256: string;
  bytes: Uint8Array;
}

/** A file being placed, or placed, as a job (issue 47). */
export interface PlacementJobTable {
  id: string;
  desk_id: string;
  upload_id: string;
  agency_desk_id: string | null;
  state: "checking" | "saving" | "placed" | "failed";
  rows_total: number | null;
  rows_checked: number;
  rows_saved: number;
  accounts_released: number;
  workflow_runs: number;
  /** 1 once every account is released and its Account Workflow run queued. */
  released: number;
  problem_json: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The domain tables. Packages that add tables (auth) widen this with `db.withTables<…>()`. */
export interface DatabaseSchema {
  desks: DeskTable;
  consumers: ConsumerTable;
  accounts: AccountTable;
  agency_invites: AgencyInviteTable;
  agency_clients: AgencyClientTable;
  phone_import_batches: PhoneImportBatchTable;
  account_phones: AccountPhoneTable;
  escalations: EscalationTable;
  payment_records: PaymentRecordTable;
  consumer_verified_accounts: ConsumerVerifiedAccountTable;
  approved_offers: ApprovedOfferTable;
  placement_drafts: PlacementDraftTable;
  consumer_request_drafts: ConsumerRequestDraftTable;
  idempotency_records: IdempotencyRecordTable;
  rate_limit_counters: RateLimitCounterTable;
  draft_history: DraftHistoryTable;
  connection_activity: ConnectionActivityTable;
  desk_agreement_acceptances: DeskAgreementAcceptanceTable;
  workflow_runs: WorkflowRunTable;
  workflow_events: WorkflowEventTable;
  placement_uploads: PlacementUploadTable;
  placement_upload_chunks: PlacementUploadChunkTable;
  placement_jobs: PlacementJobTable;
  /** A view: the accounts every reader sees (not part of a file still being placed). Never written. */
  live_accounts: AccountTable;
}
