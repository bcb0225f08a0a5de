import { z } from "zod";
import { withoutControlCharacters } from "../guard/control-characters.js";
import { fitsMinorUnits, MAX_PLACEMENT_AMOUNT, minorUnitsRuleMessage } from "../domain/money.js";
import { idempotencyKeySchema } from "./idempotency-key.js";

/**
 * Spec §2.3 account item: no other properties allowed. The amount may have no more decimals than
 * its currency has (core's one amount rule, shared with `/api/v1` placements), checked once both
 * fields are read.
 */
export const placementAccountItemSchema = z
  .strictObject({
  reference: withoutControlCharacters(z.string().min(1).max(80)).describe("The creditor's own reference for the account."),
  name: withoutControlCharacters(z.string().min(1).max(120)).describe("The account holder's name as placed."),
  amount: z
    .number()
    // More than 0 (§2.3: an agent places a known balance); /api/v1 also takes 0 or blank (docs/decisions.md).
    .gt(0)
    .max(MAX_PLACEMENT_AMOUNT)
    .describe("Face amount in major units (e.g. dollars), with no more decimals than the currency has (2 for USD, 0 for JPY)."),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be the currency's three capital letters, like USD or EUR")
    .default("USD")
    .describe("ISO 4217 code; the server applies USD when it is left out."),
  creditor: withoutControlCharacters(z.string().min(1).max(120)).optional(),
  })
  .superRefine((item, context) => {
    if (!fitsMinorUnits(item.amount, item.currency)) {
      context.addIssue({ code: "custom", path: ["amount"], message: minorUnitsRuleMessage(item.currency) });
    }
  });

/** Spec §2.3: create_placement_draft arguments. */
export const createPlacementDraftInputSchema = z.strictObject({
  title: withoutControlCharacters(z.string().min(1).max(120)),
  accounts: z.array(placementAccountItemSchema).min(1).max(100),
  idempotencyKey: idempotencyKeySchema,
});

export type PlacementAccountItem = z.output<typeof placementAccountItemSchema>;
export type CreatePlacementDraftInput = z.output<typeof createPlacementDraftInputSchema>;
