import type { z } from "zod";

export const CONTROL_CHARACTER_RULE = "holds a control character (such as U+0000 or a line break), which no stored text may";

/**
 * Whether `text` holds a C0 control (U+0000 to U+001F, NUL, tab and line breaks included), DEL or a C1
 * control (U+007F to U+009F), or Unicode's line and paragraph separators (U+2028, U+2029): nothing a
 * person types into a reference, a name, a note or a one-line answer, and U+0000 cannot be stored on
 * PostgreSQL at all (issue 37: it reached a query there and answered 500). ESC starts the terminal
 * sequences an operator's command would print raw (issue 51); the separators break lines where text
 * is shown or logged. The one control-character rule: stored text, a letter's choices, operators' commands.
 */
export function holdsControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (isControlCode(text.charCodeAt(index))) return true;
  return false;
}

/** The rule's set, by UTF-16 code unit (every character in it is one unit). */
export function isControlCode(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** `\uXXXX` for a code unit, as JSON writes it. */
export const unicodeEscape = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;

/** `schema` refusing a text that holds a control character, with the rule's words (core's messages put the field first). */
export function withoutControlCharacters<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine((text) => !holdsControlCharacter(text), CONTROL_CHARACTER_RULE) as T;
}

/**
 * `text` with each control character (the rule's set) written as `\uXXXX`, for printing what is
 * already stored to an operator's terminal: an escape sequence in a name stored before the rule, or
 * in a term typed on the command line, is shown, never run by the terminal.
 */
export function showControlCharacters(text: string): string {
  let shown = "";
  for (const character of text) {
    const code = character.charCodeAt(0);
    shown += isControlCode(code) ? unicodeEscape(code) : character;
  }
  return shown;
}
