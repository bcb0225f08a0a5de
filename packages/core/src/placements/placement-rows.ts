import { z } from "zod";
import { fitsMinorUnits, MAX_PLACEMENT_AMOUNT } from "../domain/money.js";
import { type ErrorDetail, isServiceError } from "../errors/service-error.js";
import { CONTROL_CHARACTER_RULE, holdsControlCharacter } from "../guard/control-characters.js";
import { assertNoForbiddenPersonalData } from "../guard/personal-data-guard.js";
import { parsePlacementAmount } from "./placement-amount.js";
import { ACCOUNT_NUMBERING, type RowNumbering } from "./row-numbering.js";

/** Most rows one request may place; 64 KiB of CSV holds fewer anyway. */
export const MAX_PLACEMENT_ROWS = 1000;
export const PLACEMENT_COLUMNS = ["reference", "name", "amount", "currency", "creditor"] as const;

const tooLong = (max: number) => `is longer than ${max} characters`;
/** A text that is stored: trimmed, at most `max` characters, and no control character (the same on every door and dialect). */
const storedText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, "is empty; every account needs one")
    .max(max, tooLong(max))
    .refine((text) => !holdsControlCharacter(text), CONTROL_CHARACTER_RULE);
const optionalText = (max: number) => storedText(0, max).nullable().optional();

/**
 * One row of POST /api/v1/placements, JSON or CSV (spec §4.3). `amount` is read by
 * `parsePlacementAmount` afterwards, so its schema only says which JSON types may carry it.
 */
export const placementRowSchema = z.strictObject({
  reference: storedText(1, 80).describe("The Desk's own reference; unique per Desk."),
  name: storedText(1, 120).describe("The account holder's name as placed."),
  amount: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .describe(
      'Balance in major units: a number, or text such as "$1,234.56". Omitted, null or blank means not provided (null, never 0).',
    ),
  currency: z
    .string()
    .trim()
    .regex(/^([A-Z]{3})?$/, "must be the currency's three capital letters, like USD or EUR")
    .nullable()
    .optional()
    .describe("ISO 4217 code; USD when omitted."),
  creditor: optionalText(120).describe("The current creditor, if not this Desk."),
});

export type PlacementRowInput = z.input<typeof placementRowSchema>;

/** A row after every rule of §4.3: what would be saved. */
export interface ValidPlacementRow {
  reference: string;
  name: string;
  amount: number | null;
  currency: string;
  creditor: string | null;
}

/** The amount rule in a person's words (spec §4.3, §8): the range written as people write it. */
export const AMOUNT_RULE = `a number from 0 to ${MAX_PLACEMENT_AMOUNT.toLocaleString("en-US")} with no more decimal places than the currency has (like 1234.56 or $1,234.56), or blank when the balance is not known.`;

export const rowField = (index: number, column: string) => `accounts.${index}.${column}`;

/**
 * Validates every row and returns the good rows and one problem per bad cell, so a batch reports all
 * of them in one answer, each row named by `numbering`. The PII guard runs on every free-text field
 * of every row. A long batch is checked a slice at a time: `firstIndex` is the slice's first row's
 * index in the whole batch.
 */
export function validatePlacementRows(
  rows: readonly unknown[],
  numbering: RowNumbering = ACCOUNT_NUMBERING,
  firstIndex = 0,
): { rows: ValidPlacementRow[]; problems: ErrorDetail[] } {
  const valid: ValidPlacementRow[] = [];
  const problems: ErrorDetail[] = [];
  rows.forEach((raw, sliceIndex) => {
    const index = firstIndex + sliceIndex;
    const row = numbering.number(index);
    const named = numbering.name(index);
    const parsed = placementRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = issue.code === "unrecognized_keys" ? undefined : String(issue.path[0] ?? "");
        problems.push({
          code: "invalid_input",
          message:
            column === undefined
              ? `${named} has a column that is not one of ${PLACEMENT_COLUMNS.join(", ")}.`
              : `${named}, ${column}: ${issue.message}.`,
          field: column === undefined ? `accounts.${index}` : rowField(index, column),
          row,
        });
      }
      return;
    }
    const data = parsed.data;
    const currency = data.currency === undefined || data.currency === null || data.currency === "" ? "USD" : data.currency;
    const amount = readAmount(data.amount, index, currency);
    if (amount === "invalid") {
      problems.push({
        code: "invalid_amount",
        message: `${named}, amount: ${AMOUNT_RULE}`,
        field: rowField(index, "amount"),
        row,
      });
      return;
    }
    const creditor = data.creditor === undefined || data.creditor === null || data.creditor === "" ? null : data.creditor;
    const candidate: ValidPlacementRow = { reference: data.reference, name: data.name, amount, currency, creditor };
    try {
      assertNoForbiddenPersonalData({ reference: candidate.reference, name: candidate.name, creditor: candidate.creditor });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      problems.push({ code: error.code, message: `${named}: ${error.message}`, field: rowField(index, error.field ?? ""), row });
      return;
    }
    valid.push(candidate);
  });
  return { rows: valid, problems };
}

/** §4.3's amount rules (core's one parser), then the range and the currency's decimal places. */
function readAmount(value: unknown, index: number, currency: string): number | null | "invalid" {
  let amount: number | null;
  try {
    amount = parsePlacementAmount(value, rowField(index, "amount"));
  } catch (error) {
    if (isServiceError(error)) return "invalid";
    throw error;
  }
  if (amount === null) return null;
  return amount <= MAX_PLACEMENT_AMOUNT && fitsMinorUnits(amount, currency) ? amount : "invalid";
}

