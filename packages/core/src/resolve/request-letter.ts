import type { ConsumerRequestDraftView } from "../domain/views.js";
import { type ContactPreferenceChoices, NO_CHOICES } from "./contact-preference-choices.js";
import { DEFAULT_LANGUAGE, type Language } from "./languages.js";
import { LETTER_WORDS } from "./letters/letter-languages.js";
import { type LetterLine, letterLine, pieceText } from "./letters/letter-line.js";
import type { LetterWords } from "./letters/letter-words.js";

/**
 * A request letter as lines of text and marked places the person fills in after copying (the
 * service stores no name, address or contact details). Modelled on the CFPB's sample letters;
 * every claim it makes is listed in docs/resolve-claims.md. The words of each language are in
 * letters/letter-words.<language>.ts; this file only chooses which lines a letter has.
 */
export type { LetterLine, LetterPiece } from "./letters/letter-line.js";
export { bidiPieceText, fillText, pieceText } from "./letters/letter-line.js";


function heading(words: LetterWords, draft: ConsumerRequestDraftView): LetterLine[] {
  const line = (sentence: string) => letterLine(words, sentence);
  return [
    line("[name]"),
    line("[returnAddress]"),
    [],
    line("[date]"),
    [],
    letterLine(words, words.to, { recipient: draft.recipient }),
    line(words.recipientAddress),
    draft.reference === null ? line(words.noReference) : letterLine(words, words.reference, { reference: draft.reference }),
    [],
    line(words.opening),
    [],
  ];
}

/** Ways a collector can use to answer: mail always; email only when the person sends by email and has not refused it. */
const answersByEmail = (draft: ConsumerRequestDraftView, refused: readonly string[] = []) =>
  draft.channel === "email" && !refused.includes("emails");

function signOff(words: LetterWords): LetterLine[] {
  return [[], [words.signOff], [], letterLine(words, "[signature]"), letterLine(words, "[name]")];
}

function documentsLetter(words: LetterWords, draft: ConsumerRequestDraftView): LetterLine[] {
  return [
    ...heading(words, draft),
    ...words.documents.map((sentence) => letterLine(words, sentence)),
    [],
    letterLine(words, words.notAllRequired),
    letterLine(words, answersByEmail(draft) ? words.sendByMailOrEmail : words.sendByMail),
    ...signOff(words),
  ];
}

function contactPreferenceLetter(
  words: LetterWords,
  draft: ConsumerRequestDraftView,
  choices: ContactPreferenceChoices,
  zoneName: string | undefined,
): LetterLine[] {
  const asks: LetterLine[] = [];
  if (choices.lawyer) asks.push(letterLine(words, words.lawyer));
  // The times are the person's own clock: the letter names their zone, so a collector cannot misread them.
  if (choices.times !== undefined) asks.push(letterLine(words, words.times, { times: choices.times, zone: zoneName ?? words.localTime }));
  if (choices.work) asks.push(letterLine(words, words.work));
  if (choices.places !== undefined) asks.push(letterLine(words, words.otherPlaces, { places: choices.places }));
  if (choices.ways.length > 0) {
    asks.push(letterLine(words, words.ways, { ways: words.orList(choices.ways.map((way) => words.wayWords[way])) }));
  }
  if (asks.length === 0) asks.push(letterLine(words, words.noChoices));
  const body = asks.flatMap((line) => [line, []]);
  // With a lawyer named, the collector contacts the lawyer; otherwise say how it can reach the person.
  const reach = answersByEmail(draft, choices.ways) ? words.reachByMailOrEmail : words.reachByMail;
  return [...heading(words, draft), ...body, ...(choices.lawyer ? [] : [letterLine(words, reach)]), ...signOff(words)];
}

/** What a letter takes besides the draft and the choices. */
export interface LetterOptions {
  /** The letter's language (English unless asked); it may differ from the page's. */
  language?: Language;
  /** The zone the person's times are in, named in the letter's language ("Central Time"); else "my local time". */
  zoneName?: string | undefined;
}

/**
 * The request's letter: a documents request, or a contact preference shaped by what the person
 * chose on the page (none chosen: a marked place to say it), in the language asked for (a person
 * may read one language and write to the collector in the other). Every language has the same
 * marked places in the same order.
 */
export function requestLetter(
  draft: ConsumerRequestDraftView,
  choices: ContactPreferenceChoices = NO_CHOICES,
  { language = DEFAULT_LANGUAGE, zoneName }: LetterOptions = {},
): LetterLine[] {
  const words = LETTER_WORDS[language];
  const lines =
    draft.requestKind === "documents" ? documentsLetter(words, draft) : contactPreferenceLetter(words, draft, choices, zoneName);
  // A blank line never ends up doubled (e.g. the reply line left out after the asks).
  return lines.filter((line, index) => line.length > 0 || (lines[index - 1]?.length ?? 0) > 0);
}

/** The letter as the text a person copies: each marked place in square brackets. */
export function letterText(lines: readonly LetterLine[]): string {
  return lines.map((line) => line.map(pieceText).join("")).join("\n");
}
