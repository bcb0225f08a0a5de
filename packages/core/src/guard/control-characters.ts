/**
 * C0 controls (U+0000 to U+001F, NUL, tab and line breaks included), DEL and the C1 controls
 * (U+007F to U+009F): nothing a person types into a reference, a name or a note, and U+0000 cannot be
 * stored on PostgreSQL at all (issue 37: it reached a query there and answered 500).
 */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTER_RULE = "holds a control character (such as U+0000 or a line break), which no stored text may";

export function holdsControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}
