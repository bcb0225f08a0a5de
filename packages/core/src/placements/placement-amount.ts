import { ServiceError } from "../errors/service-error.js";

/**
 * A money string as people type it: an optional leading `$`, an integer part either as plain digits or
 * with commas in every thousands position ("1,234,567"), and an optional fraction (".5", "1234.56").
 * No sign, no spaces inside, no exponent: anything else is not an amount.
 */
const AMOUNT_TEXT = /^\$?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)$/;

/**
 * Spec §4.3, POST /api/v1/placements amount rules:
 * 1. omitted (undefined), null or blank (whitespace only) → null, meaning "balance not provided" (never 0);
 * 2. a real 0 (0, "0", "0.00", "$0") stays 0;
 * 3. a leading `$` and thousands commas are accepted ("$1,234.56" → 1234.56);
 * 4. anything else → `invalid_amount` (400). A negative amount is invalid too: a placed balance cannot be
 *    below zero.
 * The error names `field` but never repeats the value the caller sent.
 */
export function parsePlacementAmount(value: unknown, field = "amount"): number | null {
  if (value === undefined || value === null) return null;

  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) throw invalidAmount(field);
    return value === 0 ? 0 : value; // folds -0 into 0
  }

  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return null;
    if (!AMOUNT_TEXT.test(text)) throw invalidAmount(field);
    const parsed = Number(text.replace(/^\$/, "").replaceAll(",", ""));
    if (!Number.isFinite(parsed)) throw invalidAmount(field);
    return parsed;
  }

  throw invalidAmount(field);
}

function invalidAmount(field: string): ServiceError {
  return new ServiceError(
    "invalid_amount",
    `${field} must be a number of at least 0, such as 1234.56 or "$1,234.56" (a leading $ and thousands commas are allowed), or empty when the balance is not known.`,
    { field },
  );
}
