import { isControlCode, unicodeEscape } from "../guard/control-characters.js";

/** Written escaped besides control characters: what would end a quoted excerpt or be read as HTML. */
const MARKUP = `"\\<>&`;

/** How many characters of a caller's text an error message repeats at most. */
export const ECHO_LIMIT = 40;

/**
 * A caller's text as an error message may repeat it: its first `ECHO_LIMIT` characters (then "…"),
 * with control characters, quotes, backslashes and markup (`<`, `>`, `&`) written as `\uXXXX`, so the
 * excerpt can neither run long, break a terminal or a log line, nor be read as HTML where a client
 * shows the message. Messages name what was not found (an unknown tool, resource or property); a
 * 5,000-character name, a `<script>` included, came back whole (issue 51).
 */
export function echoedInput(text: string): string {
  const characters = [...text];
  const cut = characters.length > ECHO_LIMIT ? `${characters.slice(0, ECHO_LIMIT).join("")}…` : text;
  let echoed = "";
  for (const character of cut) {
    const code = character.charCodeAt(0);
    echoed += isControlCode(code) || MARKUP.includes(character) ? unicodeEscape(code) : character;
  }
  return echoed;
}
