import { contextWords } from "./context-words.js";
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

/** Words that say a number is a bank routing number: "routing", and in capitals "ABA" and "RTN". */
const ROUTING_WORDS = contextWords(["routing"], ["ABA", "RTN"]);

/**
 * True when `text` contains a whole run of exactly 9 digits (no separators) with a valid ABA checksum
 * and a routing word near it ("routing 021000021", "ABA: 021000021", "routing021000021",
 * "aba_021000021"). One random 9-digit number in ten passes the checksum, so a checksum-valid number
 * alone ("Invoice 582047316") is a weak signal, like bare nine digits for an SSN (docs/decisions.md).
 */
export function containsRoutingNumber(text: string): boolean {
  for (const run of numericRuns(text)) {
    for (const part of run.parts) {
      if (part.groups.length === 1 && isValidRoutingNumber(part.digits) && ROUTING_WORDS.near(run.text, part)) return true;
    }
  }
  return false;
}
