import { type NumericPart, numericRuns } from "./numeric-tokens.js";

const MIN_CARD_DIGITS = 13;
const MAX_CARD_DIGITS = 19;

/** The Luhn (mod 10) checksum over a string of digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Issued cards start with a major industry identifier of 2–6 (Mastercard, Amex, Diners, JCB, Visa,
 * Discover, UnionPay, Maestro), or 1 for 15-digit UATP airline cards. This keeps Unix times in
 * milliseconds (13 digits starting with 1) out, which agents often put in keys and references.
 */
function hasCardIndustryPrefix(digits: string): boolean {
  const first = digits.charCodeAt(0) - 48;
  return (first >= 2 && first <= 6) || (first === 1 && digits.length === 15);
}

/** 13–19 digits with a card industry prefix that pass the Luhn checksum. */
export function isCardNumber(digits: string): boolean {
  return (
    /^\d+$/.test(digits) &&
    digits.length >= MIN_CARD_DIGITS &&
    digits.length <= MAX_CARD_DIGITS &&
    hasCardIndustryPrefix(digits) &&
    isLuhnValid(digits)
  );
}

/**
 * True when `text` contains a payment card number: 13–19 digits that pass Luhn, written either as one
 * part ("4111111111111111", "5500-0000-0000-0004", "4111.1111.1111.1111", "4111_1111_1111_1111") or as
 * space-separated single groups of 3–6 digits ("4111 1111 1111 1111", "3782 822463 10005"). Letters and
 * identifiers around the digits do not matter ("card4111111111111111"): the Luhn checksum is the signal.
 */
export function containsCardNumber(text: string): boolean {
  for (const { parts } of numericRuns(text)) {
    for (let start = 0; start < parts.length; start++) {
      const first = parts[start]!;
      // One part, with or without separators.
      if (isCardShapedPart(first) && isCardNumber(first.digits)) return true;
      // A card number written as an amount ("4111111111111111.00"): no real amount has 13 whole digits.
      if (isDecimal(first) && isCardNumber(first.groups[0]!)) return true;
      // Several space-separated single groups.
      let digits = "";
      for (let end = start; end < parts.length; end++) {
        const part = parts[end]!;
        if (!isSpacedCardGroup(part)) break;
        digits += part.digits;
        if (digits.length > MAX_CARD_DIGITS) break;
        if (end > start && isCardNumber(digits)) return true;
      }
    }
  }
  return false;
}

/**
 * A part that could be a card written in groups. A lone `.` is a decimal point ("1732212345.679"), and a
 * 1–2-digit group before the last is a date or time ("placement-2026-11-22-00004"), never a card group.
 * Trade-off: cards split into odd groups such as "41-11111111111111" are therefore missed.
 */
function isCardShapedPart(part: NumericPart): boolean {
  if (isDecimal(part)) return false;
  return part.groups.slice(0, -1).every((group) => group.length >= 3);
}

function isDecimal(part: NumericPart): boolean {
  return part.separators.length === 1 && part.separators[0] === ".";
}

function isSpacedCardGroup(part: NumericPart): boolean {
  return part.groups.length === 1 && part.digits.length >= 3 && part.digits.length <= 6;
}
