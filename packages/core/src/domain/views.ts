import type { CaseStatus } from "./case-status.js";
import type { DraftReviewStatus } from "./draft-status.js";
import type { Money } from "./money.js";

/**
 * The shapes tools return. Each is a whitelist: stores map rows into these and nothing else,
 * so contact details, government IDs, card data and internal notes cannot reach a response (spec §1).
 */
export interface AccountView {
  accountId: string;
  reference: string;
  /** Null when the account was placed without a balance (spec §4.3 rule 1: never 0). */
  faceAmount: Money | null;
  caseStatus: CaseStatus;
  placedAt: string;
  statusUpdatedAt: string;
}

export const PAYMENT_METHODS = ["card", "bank_transfer", "check", "cash", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_OUTCOMES = ["posted", "returned", "reversed"] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export interface PaymentRecordView {
  paymentId: string;
  accountId: string;
  amount: Money;
  method: PaymentMethod;
  outcome: PaymentOutcome;
  recordedAt: string;
}

export interface PlacementDraftView {
  draftId: string;
  kind: "placement";
  title: string;
  accountCount: number;
  reviewStatus: DraftReviewStatus;
  createdAt: string;
  updatedAt: string;
}

export interface ConsumerRequestDraftView {
  draftId: string;
  kind: "consumer_request";
  requestKind: "documents" | "contact_preference";
  recipient: string;
  reference: string | null;
  channel: "service" | "written" | "email" | "mail";
  reviewStatus: DraftReviewStatus;
  createdAt: string;
  updatedAt: string;
}

export interface ApprovedOfferView {
  offerId: string;
  accountReference: string;
  /** The creditor's approved terms, verbatim. */
  terms: string;
  approvedAt: string;
  expiresAt: string;
}
