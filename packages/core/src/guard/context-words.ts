import type { NumericPart } from "./numeric-tokens.js";

/**
 * Context words near a number, the way mature recognisers weigh them (Presidio's context
 * enhancement): a number with no checksum, or a checksum that 1 in 10 random numbers pass, says
 * little on its own; a word naming what it is ("SSN", "routing") right next to it says a lot.
 *
 * "Near" is the 5 words before the number and the 4 after it, within the same string: a label
 * precedes the number ("SSN: …", "my social security number is …") or follows it ("… (SSN)",
 * "… is my social security number"). Words match case-insensitively; acronyms that are also
 * ordinary words or names ("TIN", "ABA") only in capitals, except glued to the number.
 * A number inside an identifier ("ref_123456789", "k7T123456789wQ") only counts when the word is
 * glued to it ("ssn123456789", "mySsn_123456789", "routing-021000021").
 */
export interface ContextWords {
  /** Whether the words near `part`, in the `text` it was found in, name this kind of number. */
  near(text: string, part: NumericPart): boolean;
}

const WORDS_BEFORE = 5;
const WORDS_AFTER = 4;
/** Bounds the slice that is split into words, whatever the length of the string. */
const CHARS_BEFORE = 100;
const CHARS_AFTER = 60;

/**
 * `words` are regular-expression sources matched case-insensitively as whole words, `acronyms`
 * whole words matched as written (in capitals).
 */
export function contextWords(words: string[], acronyms: string[] = []): ContextWords {
  const wholeWord = (source: string, flags: string) => new RegExp(`(?<![A-Za-z])(?:${source})(?![A-Za-z])`, flags);
  const word = wholeWord(words.join("|"), "i");
  const acronym = acronyms.length === 0 ? undefined : wholeWord(acronyms.join("|"), "");
  const glued = new RegExp(`(?:${[...words, ...acronyms].join("|")})$`, "i");
  return {
    near(text, part) {
      if (part.inIdentifier) return glued.test(part.label);
      const before = text.slice(Math.max(0, part.start - CHARS_BEFORE), part.start).split(/\s+/);
      const after = text.slice(part.end, part.end + CHARS_AFTER).split(/\s+/);
      // One extra piece on each side: the split leaves an empty piece where the number touches a space.
      const window = `${before.slice(-WORDS_BEFORE - 1).join(" ")} | ${after.slice(0, WORDS_AFTER + 1).join(" ")}`;
      return word.test(window) || (acronym?.test(window) ?? false);
    },
  };
}
