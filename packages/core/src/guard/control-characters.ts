export const CONTROL_CHARACTER_RULE = "holds a control character (such as U+0000 or a line break), which no stored text may";

/**
 * Whether `text` holds a C0 control (U+0000 to U+001F, NUL, tab and line breaks included), DEL or a C1
 * control (U+007F to U+009F): nothing a person types into a reference, a name or a note, and U+0000
 * cannot be stored on PostgreSQL at all (issue 37: it reached a query there and answered 500).
 */
export function holdsControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
