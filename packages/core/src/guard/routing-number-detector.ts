import { numericRuns } from "./numeric-tokens.js";

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * An ABA routing transit number: 9 digits with Σ dᵢ·(3,7,1,3,7,1,3,7,1) ≡ 0 (mod 10). All zeros also
 * satisfies the sum but is a placeholder, never an issued number, so it is not one.
 */
export function isValidRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || digits === "000000000") return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * ABA_WEIGHTS[i]!;
  return sum % 10 === 0;
}

/**
 * True when `text` contains a whole run of exactly 9 digits (no separators) with a valid ABA checksum,
 * even glued to letters or an identifier ("routing021000021", "ref-021000021"): the checksum is the signal.
 * Trade-off: a key whose 9-digit run happens to pass the checksum (1 in 10) is refused too.
 */
export function containsRoutingNumber(text: string): boolean {
  for (const { parts } of numericRuns(text)) {
    for (const part of parts) {
      if (part.groups.length === 1 && isValidRoutingNumber(part.digits)) return true;
    }
  }
  return false;
}
