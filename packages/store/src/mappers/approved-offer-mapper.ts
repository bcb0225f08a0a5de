import type { ApprovedOfferView } from "@connector/core/domain";

export interface ApprovedOfferViewRow {
  id: string;
  reference: string;
  terms: string;
  approved_at: string;
  expires_at: string;
}

/** Terms pass through untouched: the service relays them verbatim and never rewrites an offer. */
export function toApprovedOfferView(row: ApprovedOfferViewRow): ApprovedOfferView {
  return {
    offerId: row.id,
    accountReference: row.reference,
    terms: row.terms,
    approvedAt: row.approved_at,
    expiresAt: row.expires_at,
  };
}
