import { findSensitiveNumber } from "@connector/core/guard";

/**
 * Whether a typed value holds a number the personal-data guard refuses (an SSN, a card or routing
 * number). A refused form never shows such a value again, even when the refusal named another field:
 * the guard stops at the first it meets.
 */
export function holdsSensitiveNumber(value: string | readonly string[]): boolean {
  // As typed, and with its spaces run together as the forms' schemas keep it: the detectors join digit
  // groups split by one space, so "4111  1111  1111  1111" (two spaces, a tab, a no-break space) is one too.
  return (typeof value === "string" ? [value] : value).some(
    (item) => findSensitiveNumber(item) !== undefined || findSensitiveNumber(item.replace(/\s+/g, " ")) !== undefined,
  );
}
