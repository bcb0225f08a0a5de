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
 * block ("4111111111111111"), or in the groups cards are printed in, joined by `-`, `.`, `_` or single
 * spaces ("5500-0000-0000-0004", "4111 1111 1111 1111", "3782 822463 10005"). Letters around the digits do
 * not matter ("card4111111111111111"): the Luhn checksum is the signal.
 *
 * Only card groupings join separated digits, because one random long number in ten passes Luhn: a
 * reference such as "draft-4523-1732371234567" (a counter and a time) must not read as a card.
 */
export function containsCardNumber(text: string): boolean {
  for (const { parts } of numericRuns(text)) {
    for (let start = 0; start < parts.length; start++) {
      const first = parts[start]!;
      // One part: a single block, or groups joined by `-`, `.` or `_`.
      if (isCardGrouping(first.groups) && isCardNumber(first.digits)) return true;
      // A card number written as an amount ("4111111111111111.00"): no real amount has 13 whole digits.
      if (isDecimal(first) && isCardNumber(first.groups[0]!)) return true;
      // Several space-separated single groups.
      const groups: string[] = [];
      for (let end = start; end < parts.length && parts[end]!.groups.length === 1; end++) {
        groups.push(parts[end]!.digits);
        if (groups.length > 1 && isCardGrouping(groups) && isCardNumber(groups.join(""))) return true;
      }
    }
  }
  return false;
}

/**
 * The ways card numbers are printed: one block; 4-4-4-4 with a last group of 1–4 more digits for 17–19
 * digit cards (Visa, Mastercard, Discover, UnionPay, Maestro); 4-6-5 (American Express); 4-6-4 (Diners).
 * Trade-off: a card written in odd groups ("41-11111111111111") is missed.
 */
function isCardGrouping(groups: readonly string[]): boolean {
  const lengths = groups.map((group) => group.length).join("-");
  return groups.length === 1 || CARD_GROUPINGS.test(lengths);
}

const CARD_GROUPINGS = /^(4-4-4-4(-[1-4])?|4-6-5|4-6-4)$/;

function isDecimal(part: NumericPart): boolean {
  return part.separators.length === 1 && part.separators[0] === ".";
}
