import type { Language } from "@connector/core/resolve";
import { CopyButton } from "./copy-button.js";

/** A piece of a letter line: its words, a place the person fills in after copying, or text someone typed. */
export type LetterTextPiece = string | { fill: string } | { typed: string };

export interface LetterProps {
  /** The element id, for the copy button. */
  id: string;
  /** Lines of the letter; an empty line is a paragraph break. */
  lines: readonly (readonly LetterTextPiece[])[];
  copyLabel?: string;
  /**
   * The letter's language when it differs from the page's (a person may read Spanish and write to the
   * collector in English, or the reverse): set as `lang`, so a screen reader reads it in its language.
   */
  language?: Language;
}

/**
 * A letter the person copies and sends themselves, shown as readable text (not a code block). Each
 * place they fill in is highlighted and keeps its square brackets, so the copied text shows it too.
 * The line breaks are in the text itself (kept by the stylesheet), so copying keeps them. What
 * someone typed (a recipient, times) is isolated in `<bdi>`, which adds nothing to the copied text.
 */
export function Letter({ id, lines, copyLabel = "Copy the letter", language }: LetterProps) {
  return (
    <>
      <div class="letter" id={id} lang={language}>
        {lines.map((line, index) => [
          index === 0 ? null : "\n",
          ...line.map((piece) =>
            typeof piece === "string" ? (
              piece
            ) : "typed" in piece ? (
              // Isolated (`Name`'s `<bdi>`): a direction control typed into it cannot reorder the letter's own words.
              <bdi>{piece.typed}</bdi>
            ) : (
              <mark class="fill-in">[{piece.fill}]</mark>
            ),
          ),
        ])}
      </div>
      <CopyButton target={id} label={copyLabel} />
    </>
  );
}
