import { isolatedName, withoutDirectionControls } from "../../guard/direction-controls.js";
import type { LetterPlace, LetterWords } from "./letter-words.js";

/**
 * A piece of a letter line: the letter's own words; a marked place the person fills in after copying
 * (`place` names it in every language); or text someone typed (`typed`: the recipient, a reference,
 * the times or places chosen), which a page shows isolated so a direction control in it cannot
 * reorder the letter's own words (issue 51).
 */
export type LetterPiece = string | { fill: string; place?: LetterPlace } | { typed: string };

/** How a marked place reads in the copied text: "[Your name]". */
export const fillText = (piece: { fill: string }) => `[${piece.fill}]`;

/** A piece as the copied text (and a PDF) reads it: a marked place bracketed, typed text as typed. */
export const pieceText = (piece: LetterPiece): string => (typeof piece === "string" ? piece : "typed" in piece ? piece.typed : fillText(piece));
export type LetterLine = LetterPiece[];

/**
 * A piece as the Unicode bidirectional algorithm reads it, for a drawing that orders a line itself
 * (the PDF): typed text isolated as a page's `<bdi>` isolates it, so a right-to-left name keeps its
 * own order and cannot reorder the letter's words; the direction controls someone typed are dropped
 * (a printed letter cannot show them, and inside the isolate they could still turn the name around).
 */
export const bidiPieceText = (piece: LetterPiece): string =>
  typeof piece !== "string" && "typed" in piece
    ? isolatedName(withoutDirectionControls(piece.typed))
    : pieceText(piece);

const MARK = /(\[[A-Za-z]+\]|\{[A-Za-z]+\})/;

/**
 * One line of a letter from its whole sentence in `words`: `[place]` becomes a marked place (read
 * in the letter's language), `{value}` the value given. Only the sentence is split, never a value,
 * so brackets a person typed stay text.
 */
export function letterLine(words: LetterWords, sentence: string, values: Readonly<Record<string, string>> = {}): LetterLine {
  const pieces: LetterLine = [];
  // Split on a capturing pattern: the marks are the odd parts, the text between them the even ones.
  for (const [index, part] of sentence.split(MARK).entries()) {
    if (part === "") continue;
    const name = part.slice(1, -1);
    if (index % 2 === 0) {
      pieces.push(part);
    } else if (part.startsWith("[")) {
      // A mark the words misspelt is a bug in the words, never text in a person's letter.
      if (!(name in words.places)) throw new Error(`A letter line marks an unknown place: ${part}`);
      const place = name as LetterPlace;
      pieces.push({ fill: words.places[place], place });
    } else {
      const value = values[name];
      if (value === undefined) throw new Error(`A letter line needs a value it was not given: ${part}`);
      pieces.push({ typed: value });
    }
  }
  // Neighbouring words are one piece, as a person reads them; a value that ends its sentence with a
  // full stop ("before 10 a.m.") does not get a second one.
  return pieces.reduce<LetterLine>((line, piece) => {
    const last = line.at(-1);
    const lastText = last === undefined || (typeof last !== "string" && !("typed" in last)) ? "" : pieceText(last);
    const next = typeof piece === "string" && lastText.endsWith(".") && piece.startsWith(".") ? piece.slice(1) : piece;
    if (next === "") return line;
    if (typeof next === "string" && typeof last === "string") line[line.length - 1] = last + next;
    else line.push(next);
    return line;
  }, []);
}
