import type { CaseStatus, DraftReviewStatus, PaymentMethod, PaymentOutcome } from "@connector/core";

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
  grant_id: string;
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
}

/** The domain tables. Packages that add tables (auth) widen this with `db.withTables<…>()`. */
export interface DatabaseSchema {
  desks: DeskTable;
  consumers: ConsumerTable;
  accounts: AccountTable;
  payment_records: PaymentRecordTable;
  consumer_verified_accounts: ConsumerVerifiedAccountTable;
  approved_offers: ApprovedOfferTable;
  placement_drafts: PlacementDraftTable;
  consumer_request_drafts: ConsumerRequestDraftTable;
  idempotency_records: IdempotencyRecordTable;
  rate_limit_counters: RateLimitCounterTable;
}
