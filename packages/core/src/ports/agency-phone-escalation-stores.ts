import type { AgencyInviteRecord } from "../agency/invite-views.js";
import type { DeskKind } from "../back-office/desk-view.js";
import type { SkipCount } from "../inventory/skip-count.js";

export interface NewAgencyInvite {
  inviteId: string;
  agencyDeskId: string;
  tokenHash: string;
  label: string | null;
  createdByUserId: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface AgencyRelation {
  agencyDeskId: string;
  agencyName: string;
  clientDeskId: string;
  clientName: string;
  clientKind: DeskKind;
  joinedAt: string;
}

/** Agency invites and the many-to-many agency ↔ client relation (spec §2.7, §3). */
export interface AgencyStore {
  createInvite(invite: NewAgencyInvite): Promise<AgencyInviteRecord>;
  /** Newest first. */
  listInvites(agencyDeskId: string, limit: number): Promise<AgencyInviteRecord[]>;
  findInviteByTokenHash(tokenHash: string): Promise<AgencyInviteRecord | undefined>;
  /** Sets `revoked_at` unless already set; returns the invite as it now is. */
  revokeInvite(agencyDeskId: string, inviteId: string, now: string): Promise<AgencyInviteRecord | undefined>;
  /**
   * Marks a live, unredeemed invite redeemed by `clientDeskId`. Returns false when another
   * transaction got there first (the invite is no longer unredeemed).
   */
  markInviteRedeemed(inviteId: string, clientDeskId: string, now: string): Promise<boolean>;
  /** Adds the relation when absent; returns the relation as stored (the first join time wins). */
  attachClient(agencyDeskId: string, clientDeskId: string, inviteId: string, now: string): Promise<AgencyRelation>;
  /** Ids as stored (lower-case). */
  findRelation(agencyDeskId: string, clientDeskId: string): Promise<AgencyRelation | undefined>;
  /** Oldest first. */
  listClients(agencyDeskId: string, limit: number): Promise<AgencyRelation[]>;
  /** Oldest first. */
  listMemberships(clientDeskId: string, limit: number): Promise<AgencyRelation[]>;
}

export interface NewPhoneImportBatch {
  batchId: string;
  deskId: string;
  source: string;
  rowCount: number;
  validCount: number;
  invalidCount: number;
  createdByUserId: string | null;
  createdAt: string;
}

export interface NewAccountPhone {
  accountId: string;
  e164: string;
}

export interface PhoneStore {
  /** accountId by reference, for the references of this desk that exist. */
  findAccountIds(deskId: string, references: readonly string[]): Promise<Map<string, string>>;
  /** The pairs among `phones` already on file, each as `${accountId} ${e164}`. */
  existingPhones(phones: readonly NewAccountPhone[]): Promise<Set<string>>;
  /** Saves the batch, its new phones, and marks their accounts skip-traced. One transaction (the caller's). */
  saveImport(batch: NewPhoneImportBatch, phones: readonly NewAccountPhone[]): Promise<void>;
}

export interface SkipStore {
  skipCount(deskId: string): Promise<SkipCount>;
}

export interface NewEscalation {
  escalationId: string;
  deskId: string;
  userId: string | null;
  reason: string;
  context: string;
  accountReference: string | null;
  createdAt: string;
}

export interface EscalationStore {
  create(escalation: NewEscalation): Promise<void>;
}
