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

/** 13–19 digits that pass the Luhn checksum. */
export function isCardNumber(digits: string): boolean {
  return (
    /^\d+$/.test(digits) &&
    digits.length >= MIN_CARD_DIGITS &&
    digits.length <= MAX_CARD_DIGITS &&
    isLuhnValid(digits)
  );
}

/**
 * True when `text` contains a standalone payment card number: 13–19 digits that pass Luhn, written
 * either as one part whose groups are joined by dashes ("4111111111111111", "5500-0000-0000-0004") or
 * as space-separated single groups of 3–6 digits ("4111 1111 1111 1111", "3782 822463 10005").
 * Parts with a `.` (amounts) or a dash-joined part next to a space (date ranges) never form a card.
 */
export function containsCardNumber(text: string): boolean {
  for (const { parts } of numericRuns(text)) {
    for (let start = 0; start < parts.length; start++) {
      const first = parts[start]!;
      if (!first.standalone) continue;
      // One part joined by dashes, or no separator at all.
      if (first.separators.every((s) => s === "-") && isCardNumber(first.digits)) return true;
      // Several space-separated single groups.
      let digits = "";
      for (let end = start; end < parts.length; end++) {
        const part = parts[end]!;
        if (!isSpacedCardGroup(part)) break;
        digits += part.digits;
        if (digits.length > MAX_CARD_DIGITS) break;
        if (end > start && part.standalone && isCardNumber(digits)) return true;
      }
    }
  }
  return false;
}

function isSpacedCardGroup(part: NumericPart): boolean {
  return part.groups.length === 1 && part.digits.length >= 3 && part.digits.length <= 6;
}
