import type { LetterPlace, LetterWords } from "./letter-words.js";

/** A piece of a letter line: text, or a marked place the person fills in after copying (`place` names it in every language). */
export type LetterPiece = string | { fill: string; place?: LetterPlace };
export type LetterLine = LetterPiece[];

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
      pieces.push(value);
    }
  }
  // Neighbouring text is one piece, as a person reads it; a value that ends its sentence with a full
  // stop ("before 10 a.m.") does not get a second one.
  return pieces.reduce<LetterLine>((line, piece) => {
    const last = line.at(-1);
    if (typeof piece === "string" && typeof last === "string") line[line.length - 1] = last.endsWith(".") && piece.startsWith(".") ? last + piece.slice(1) : last + piece;
    else line.push(piece);
    return line;
  }, []);
}
