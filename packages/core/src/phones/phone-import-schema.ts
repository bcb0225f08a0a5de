import { z } from "zod";

/** A body of at most 64 KiB holds well under this many rows; the bound keeps one import one transaction. */
export const MAX_PHONE_ROWS = 1000;

export const phoneImportRowSchema = z.strictObject({
  reference: z.string().trim().min(1).max(80).describe("The desk's own reference of the account the phone belongs to."),
  phone: z.string().min(1).max(40).describe("The phone number as written; normalised to E.164."),
});

/** POST /api/v1/phones/import (spec §4.3: `source` is required). */
export const phoneImportInputSchema = z.strictObject({
  source: z.string().trim().min(1).max(120).describe("Where the numbers come from, e.g. the skip-trace vendor or the client file."),
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code in capitals")
    .default("US")
    .describe("The country of numbers written without a leading +."),
  phones: z.array(phoneImportRowSchema).min(1).max(MAX_PHONE_ROWS),
});

export type PhoneImportInput = z.output<typeof phoneImportInputSchema>;
