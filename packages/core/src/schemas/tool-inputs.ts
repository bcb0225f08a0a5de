import { z } from "zod";
import { identifierSchema } from "./identifier.js";

/** Spec §4.1: tools that take no arguments still take a JSON object, and reject any property. */
export const emptyInputSchema = z.strictObject({});

export const getDraftStatusInputSchema = z.strictObject({ draftId: identifierSchema });

export const listAccountsInputSchema = z.strictObject({
  limit: z.number().int().min(1).max(50).default(20),
  cursor: identifierSchema.optional().describe("The nextCursor of the previous page."),
});

export const accountIdInputSchema = z.strictObject({
  accountId: identifierSchema.describe("An accountId returned by list_accounts."),
});

export const relayApprovedOfferInputSchema = z.strictObject({
  reference: z.string().min(1).max(80).describe("The account reference shown on the collector's notice."),
});

export type ListAccountsInput = z.output<typeof listAccountsInputSchema>;
