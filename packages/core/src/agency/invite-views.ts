/** An invite as the store holds it. The token itself is never stored, only its hash. */
export interface AgencyInviteRecord {
  inviteId: string;
  agencyDeskId: string;
  agencyName: string;
  label: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  redeemedAt: string | null;
  redeemedByDeskId: string | null;
}

export const INVITE_STATUSES = ["live", "expired", "revoked", "redeemed"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** What the agency sees of its invites. No token: it was shown once, at minting. */
export interface AgencyInviteView {
  inviteId: string;
  label: string | null;
  status: InviteStatus;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  redeemedAt: string | null;
  redeemedByDeskId: string | null;
}

/**
 * Revocation wins over everything, then redemption, then expiry: an invite is live only when none
 * applies. Timestamps are ISO strings, which compare correctly as text.
 */
export function inviteStatus(invite: AgencyInviteRecord, now: string): InviteStatus {
  if (invite.revokedAt !== null) return "revoked";
  if (invite.redeemedAt !== null) return "redeemed";
  if (invite.expiresAt <= now) return "expired";
  return "live";
}

export function toInviteView(invite: AgencyInviteRecord, now: string): AgencyInviteView {
  return {
    inviteId: invite.inviteId,
    label: invite.label,
    status: inviteStatus(invite, now),
    createdAt: invite.createdAt,
    expiresAt: invite.expiresAt,
    revokedAt: invite.revokedAt,
    redeemedAt: invite.redeemedAt,
    redeemedByDeskId: invite.redeemedByDeskId,
  };
}

/** The agency side and the client side of one relation. */
export interface AgencyClientView {
  deskId: string;
  name: string;
  kind: "creditor" | "buyer" | "agency";
  joinedAt: string;
}

export interface AgencyMembershipView {
  agencyDeskId: string;
  agencyName: string;
  joinedAt: string;
}
