import { contextWords } from "./context-words.js";
import { type NumericPart, numericRuns } from "./numeric-tokens.js";

/**
 * US Social Security numbers under the SSA's assignment rules: area (first 3 digits) not 000, 666 or
 * 900–999; group (next 2) not 00; serial (last 4) not 0000.
 */
export function isValidSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = Number(digits.slice(0, 3));
  const group = digits.slice(3, 5);
  const serial = digits.slice(5);
  if (area === 0 || area === 666 || area >= 900) return false;
  return group !== "00" && serial !== "0000";
}

/**
 * Words that say a number is an SSN or a taxpayer number (an individual's TIN is their SSN):
 * "SSN", "SSNs", "SSN#", "SS#", "social security", "soc. sec.", "taxpayer", "tax payer", "tax ID",
 * "tax identification", and in capitals "TIN" and "ITIN" ("Tin Roof Supply" is a name).
 */
const SSN_WORDS = contextWords(
  ["ssns?", "ss\\s?#", "soc(?:ial)?\\.?[\\s-]*sec(?:urity)?\\.?", "tax[\\s-]?payer", "tax[\\s-]?id(?:entification)?"],
  ["TIN", "ITIN"],
);

/**
 * True when `text` holds an SSN as people write one. The rule weighs the number's shape and the words
 * near it (docs/decisions.md, "Personal data in arguments"), as Presidio's SSN recogniser does:
 * - the 3-2-4 shape, `123-45-6789`, `123 45 6789`, `123.45.6789` or `123_45_6789` (one separator used
 *   twice), is a medium signal: refused wherever it stands, even glued to letters ("ssn123-45-6789");
 * - nine digits in a row, `123456789`, is a very weak signal (invoice numbers, file numbers and
 *   references look exactly like it): refused only with an SSN word near it ("SSN: 123456789",
 *   "my social security number is 123456789", "123456789 (SSN)", "ssn123456789").
 * Either way the digits must be a valid SSN by the SSA's rules.
 */
export function containsSsn(text: string): boolean {
  for (const run of numericRuns(text)) {
    const { parts } = run;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      // One part: "123-45-6789", "123.45.6789" or "123_45_6789".
      if (isSeparatedSsnPart(part) && isValidSsn(part.digits)) return true;
      // Three space-separated parts: "123 45 6789".
      const second = parts[k + 1];
      const third = parts[k + 2];
      if (
        second !== undefined &&
        third !== undefined &&
        hasLengths([part, second, third], [3, 2, 4]) &&
        isValidSsn(part.digits + second.digits + third.digits)
      ) {
        return true;
      }
      // Nine bare digits: only with an SSN word near them.
      if (part.groups.length === 1 && isValidSsn(part.digits) && SSN_WORDS.near(run.text, part)) return true;
    }
  }
  return false;
}

function isSeparatedSsnPart(part: NumericPart): boolean {
  return (
    part.groups.length === 3 &&
    part.separators[0] === part.separators[1] &&
    part.groups[0]!.length === 3 &&
    part.groups[1]!.length === 2 &&
    part.groups[2]!.length === 4
  );
}

/** Each part is a single digit group of the given length. */
function hasLengths(parts: NumericPart[], lengths: number[]): boolean {
  return parts.every((part, index) => part.groups.length === 1 && part.digits.length === lengths[index]);
}
