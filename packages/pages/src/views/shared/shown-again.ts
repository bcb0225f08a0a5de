import { findSensitiveNumber } from "@connector/core/guard";

/**
 * Whether a typed value holds a number the personal-data guard refuses (an SSN, a card or routing
 * number). A refused form never shows such a value again, even when the refusal named another field:
 * the guard stops at the first it meets.
 */
export function holdsSensitiveNumber(value: string | readonly string[]): boolean {
  return (typeof value === "string" ? [value] : value).some((item) => findSensitiveNumber(item) !== undefined);
}
