import { type NumericPart, numericRuns } from "./numeric-tokens.js";

/**
 * US Social Security numbers under the SSA's assignment rules: area (first 3 digits) not 000, 666 or
 * 900–999; group (next 2) not 00; serial (last 4) not 0000. Written as `123-45-6789`, `123 45 6789`,
 * `123.45.6789`, `123_45_6789` (the same separator twice) or `123456789` (see numeric-tokens.ts).
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
 * True when `text` contains an SSA-valid SSN in one of the accepted layouts. The 3-2-4 layouts count
 * wherever they stand, even glued to letters ("ssn123-45-6789", "123_45_6789abc").
 */
export function containsSsn(text: string): boolean {
  for (const run of numericRuns(text)) {
    const { parts } = run;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      // One part: "123-45-6789", "123.45.6789" or "123_45_6789".
      if (isSeparatedSsnPart(part) && isValidSsn(part.digits)) return true;
      // Trade-off: SSNs have no checksum, so bare 9 digits inside a key ("k7T123456789wQ") pass unless labelled "ssn".
      if (part.groups.length === 1 && (!part.inIdentifier || /ssn$/i.test(part.label)) && isValidSsn(part.digits)) {
        return true;
      }
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
