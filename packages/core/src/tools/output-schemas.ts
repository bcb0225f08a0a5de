import { z } from "zod";
import { CASE_STATUSES } from "../domain/case-status.js";
import { DRAFT_REVIEW_STATUSES } from "../domain/draft-status.js";
import { PAYMENT_METHODS, PAYMENT_OUTCOMES } from "../domain/views.js";
import { CONSUMER_REQUEST_CHANNELS, CONSUMER_REQUEST_KINDS } from "../schemas/consumer-request-draft.js";
import { identifierSchema } from "../schemas/identifier.js";

/**
 * Strict result schemas: they document responses in OpenAPI, and tests parse real responses
 * with them, so a field that is not listed here (a leak) fails the suite.
 */
const timestamp = z.string().meta({ format: "date-time" });

export const moneySchema = z.strictObject({
  minorUnits: z.number().int().describe("Amount in the currency's minor units (cents for USD)."),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export const accountSchema = z.strictObject({
  accountId: identifierSchema,
  reference: z.string().describe("The desk's own reference for the account."),
  faceAmount: moneySchema
    .nullable()
    .describe("Face amount as placed; not a calculated payoff balance. Null when the account was placed without a balance."),
  caseStatus: z.enum(CASE_STATUSES),
  placedAt: timestamp,
  statusUpdatedAt: timestamp,
});

export const paymentRecordSchema = z.strictObject({
  paymentId: identifierSchema,
  accountId: identifierSchema,
  amount: moneySchema,
  method: z.enum(PAYMENT_METHODS),
  outcome: z.enum(PAYMENT_OUTCOMES),
  recordedAt: timestamp,
});

export const placementDraftSchema = z.strictObject({
  draftId: identifierSchema,
  kind: z.literal("placement"),
  title: z.string(),
  accountCount: z.number().int(),
  reviewStatus: z.enum(DRAFT_REVIEW_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** An account of a placement draft as the agent saved it, without the holder's name. */
export const savedAccountSchema = z.strictObject({
  reference: z.string(),
  amount: z.number().describe("Face amount in major units, as saved."),
  currency: z.string(),
});

/** A reference approval would refuse (core's `draftConflicts`, the rule approval applies). */
export const draftProblemSchema = z.strictObject({
  reference: z.string(),
  reason: z.enum(["already_placed", "repeated"]),
});

export const consumerRequestDraftSchema = z.strictObject({
  draftId: identifierSchema,
  kind: z.literal("consumer_request"),
  requestKind: z.enum(CONSUMER_REQUEST_KINDS),
  recipient: z.string(),
  reference: z.string().nullable(),
  channel: z.enum(CONSUMER_REQUEST_CHANNELS),
  reviewStatus: z.enum(DRAFT_REVIEW_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const draftSavedNoticeSchema = z
  .string()
  .describe("Plain statement that the draft was saved for human review and nothing was sent.");

export const approvedOfferSchema = z.strictObject({
  offerId: identifierSchema,
  accountReference: z.string(),
  terms: z.string().describe("The creditor's approved terms, verbatim."),
  approvedAt: timestamp,
  expiresAt: timestamp,
  reviewUrl: z.string().meta({ format: "uri" }),
});
