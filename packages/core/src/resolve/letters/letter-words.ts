import type { UnwantedWay } from "../contact-preference-choices.js";

/**
 * The places a person fills in after copying a letter: the same in every language (the letter's
 * words name them, `LetterWords.places` says how each reads), so a letter in either language has
 * the same places in the same order.
 */
export const LETTER_PLACES = [
  "name",
  "returnAddress",
  "date",
  "recipientAddress",
  "reference",
  "how",
  "when",
  "email",
  "lawyerName",
  "lawyerAddress",
  "lawyerPhone",
  "choices",
  "signature",
] as const;
export type LetterPlace = (typeof LETTER_PLACES)[number];

/**
 * One language's letters, each line whole in one place. In a line, `[place]` marks a place the
 * person fills in (one of `LETTER_PLACES`) and `{value}` what the service knows or the person chose
 * on the page (the recipient, their reference, the times or places they typed, the ways they refused).
 */
export interface LetterWords {
  places: Readonly<Record<LetterPlace, string>>;
  /** The heading and the opening, shared by both letters. */
  to: string;
  /** The collector's mailing address, on its own line under its name. */
  recipientAddress: string;
  reference: string;
  noReference: string;
  opening: string;
  /** The documents letter: what it asks for, and how to answer. */
  documents: readonly string[];
  /** After the list, as the CFPB's sample letter does: the collector may not have to give every item (12 CFR 1006.38(c), (d)(2)). */
  notAllRequired: string;
  sendByMail: string;
  sendByMailOrEmail: string;
  /** The contact-preference letter: one line per choice, and how the collector can reach the person. */
  lawyer: string;
  /** `{times}` as the person typed them, `{zone}` the zone they are in (the page's reader's, by name). */
  times: string;
  /** What `{zone}` says when the page could not name the reader's zone. */
  localTime: string;
  work: string;
  otherPlaces: string;
  ways: string;
  noChoices: string;
  reachByMail: string;
  reachByMailOrEmail: string;
  signOff: string;
  /** The ways of contact refused, as the `ways` line names them. */
  wayWords: Readonly<Record<UnwantedWay, string>>;
  /** "a, b or c" in the language: how the refused ways are listed. */
  orList: (items: readonly string[]) => string;
}
