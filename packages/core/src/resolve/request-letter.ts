import type { ConsumerRequestDraftView } from "../domain/views.js";
import { type ContactPreferenceChoices, NO_CHOICES, UNWANTED_WAY_WORDS } from "./contact-preference-choices.js";

/**
 * A request letter as lines of text and marked places the person fills in after copying (the
 * service stores no name, address or contact details). Modelled on the CFPB's sample letters;
 * every claim it makes is listed in docs/resolve-claims.md.
 */
export type LetterPiece = string | { fill: string };
export type LetterLine = LetterPiece[];

const fill = (what: string): LetterPiece => ({ fill: what });

/** How a marked place reads in the copied text: "[Your name]". */
export const fillText = (piece: { fill: string }) => `[${piece.fill}]`;

/** Ends a person's words with one full stop ("my parents' home." stays as it is, never "home.."). */
const endSentence = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function heading(draft: ConsumerRequestDraftView): LetterLine[] {
  return [
    [fill("Your name")],
    [fill("Your return address")],
    [],
    [fill("Today's date")],
    [],
    [`To: ${draft.recipient}`],
    [fill("their mailing address, from their letter or message")],
    draft.reference === null
      ? ["Re: ", fill("their reference for the debt, from their letter or message, if any")]
      : [`Re: your reference ${draft.reference}`],
    [],
    [
      "I am writing about the debt you are attempting to collect. You contacted me by ",
      fill("phone, letter, email or text message"),
      " on ",
      fill("the date they contacted you"),
      ".",
    ],
    [],
  ];
}

/** Ways a collector can use to answer: mail always; email only when the person sends by email and wants it. */
function replyWays(draft: ConsumerRequestDraftView, refused: readonly string[] = []): LetterLine {
  const email = draft.channel === "email" && !refused.includes("emails");
  return email ? ["by mail to the address above or by email to ", fill("your email address")] : ["by mail to the address above"];
}

const SIGN_OFF: LetterLine[] = [[], ["Sincerely,"], [], [fill("Your signature")], [fill("Your name")]];

function documentsLetter(draft: ConsumerRequestDraftView): LetterLine[] {
  return [
    ...heading(draft),
    ["Please send me this information about the debt:"],
    ["- the name and address of the original creditor;"],
    ["- the amount of the debt and how it was worked out;"],
    ["- a copy of the last statement the original creditor sent about this account;"],
    ["- the date the debt became delinquent;"],
    ["- what gives you the authority to collect this debt."],
    [],
    ["Please send it ", ...replyWays(draft), "."],
    ...SIGN_OFF,
  ];
}

function contactPreferenceLetter(draft: ConsumerRequestDraftView, choices: ContactPreferenceChoices, options: LetterOptions): LetterLine[] {
  const asks: LetterLine[] = [];
  if (choices.lawyer) {
    asks.push([
      "A lawyer represents me about this debt. Please contact my lawyer, not me: ",
      fill("your lawyer's name"),
      ", ",
      fill("your lawyer's address"),
      ", ",
      fill("your lawyer's phone number"),
      ".",
    ]);
  }
  // The times are the person's own clock: the letter names its zone, so the collector cannot misread them.
  if (choices.times !== undefined) {
    asks.push([`These times are inconvenient for me, so please do not contact me then: ${choices.times} (${options.zoneName ?? "my local time"}).`]);
  }
  if (choices.work) asks.push(["My workplace is an inconvenient place for me, so please do not contact me at work."]);
  if (choices.places !== undefined) asks.push([`These places are inconvenient for me, so please do not contact me there: ${endSentence(choices.places)}`]);
  if (choices.ways.length > 0) asks.push([`Please do not contact me by ${joinWords(choices.ways.map((way) => UNWANTED_WAY_WORDS[way]))}.`]);
  if (asks.length === 0) asks.push([fill("the times, places or ways of contact you do not want, or your lawyer's details")]);
  const body = asks.flatMap((line) => [line, []]);
  // With a lawyer named, the collector contacts the lawyer; otherwise say how it can reach the person.
  const reach: LetterLine[] = choices.lawyer ? [] : [["You can contact me ", ...replyWays(draft, choices.ways), "."]];
  return [...heading(draft), ...body, ...reach, ...SIGN_OFF];
}

/** What the letter needs from the page: the zone the person's times are in, by name ("Eastern Time"). */
export interface LetterOptions {
  zoneName?: string | undefined;
}

/**
 * The request's letter: a documents request, or a contact preference shaped by what the person
 * chose on the page (none chosen: a marked place to say it).
 */
export function requestLetter(
  draft: ConsumerRequestDraftView,
  choices: ContactPreferenceChoices = NO_CHOICES,
  options: LetterOptions = {},
): LetterLine[] {
  const lines = draft.requestKind === "documents" ? documentsLetter(draft) : contactPreferenceLetter(draft, choices, options);
  // A blank line never ends up doubled (e.g. the reply line left out after the asks).
  return lines.filter((line, index) => line.length > 0 || (lines[index - 1]?.length ?? 0) > 0);
}

/** The letter as the text a person copies: each marked place in square brackets. */
export function letterText(lines: readonly LetterLine[]): string {
  return lines.map((line) => line.map((piece) => (typeof piece === "string" ? piece : fillText(piece))).join("")).join("\n");
}
