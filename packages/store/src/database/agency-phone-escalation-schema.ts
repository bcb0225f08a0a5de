/** Tables of the Desk back office, part 2 (migrations 2026-11-23T12-20 … 22). */

export interface AgencyInviteTable {
  id: string;
  agency_desk_id: string;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  label: string | null;
  created_by_user_id: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  redeemed_at: string | null;
  redeemed_by_desk_id: string | null;
}

export interface AgencyClientTable {
  agency_desk_id: string;
  client_desk_id: string;
  invite_id: string;
  joined_at: string;
}

export interface PhoneImportBatchTable {
  id: string;
  desk_id: string;
  source: string;
  row_count: number;
  valid_count: number;
  invalid_count: number;
  created_by_user_id: string | null;
  created_at: string;
}

export interface AccountPhoneTable {
  account_id: string;
  e164: string;
  batch_id: string;
  created_at: string;
}

export interface EscalationTable {
  id: string;
  desk_id: string;
  user_id: string | null;
  reason: string;
  context: string;
  account_reference: string | null;
  status: "open" | "closed";
  created_at: string;
}
