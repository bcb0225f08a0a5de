import { InvalidClientMetadataError } from "../errors/oauth-error.js";

export const MAX_CLIENT_NAME_LENGTH = 100;

/**
 * Characters a client name may not carry, because they change how the name (and the words around
 * it) reads rather than what it says: controls (Cc, NUL included), format characters (Cf: the bidi
 * overrides and isolates U+202A–202E and U+2066–2069, the marks U+200E/U+200F, zero-width spaces
 * and joiners, soft hyphens), line and paragraph separators (Zl, Zp), private-use, unassigned and
 * lone surrogate code points (Co, Cn, Cs), every space but U+0020, and the blank-looking letters
 * (Hangul fillers, the blank Braille pattern, Khmer inherent vowels, combining grapheme joiner).
 * Unicode TR 36 §2 ("visual spoofing"), TR 9 (bidirectional text).
 */
const DISGUISING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]|(?! )\p{Zs}|[\u115F\u1160\u3164\uFFA0\u2800\u17B4\u17B5]|\u034F/u;

/**
 * What is wrong with `value` as the name of an app a person is asked to trust (consent, the
 * Connections screen), or undefined when it is fine: required, at most 100 characters, nothing
 * that disguises it. Written once, for dynamic registration and for any other way a client's
 * name reaches the service (a client ID metadata document).
 */
export function clientNameProblem(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim().length === 0) return "client_name is required.";
  const name = value.trim();
  if (name.length > MAX_CLIENT_NAME_LENGTH) return `client_name must be at most ${MAX_CLIENT_NAME_LENGTH} characters.`;
  const found = DISGUISING.exec(name)?.[0];
  if (found !== undefined) {
    const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    return `client_name may not contain control, bidirectional-override or invisible characters (found ${code}).`;
  }
  return undefined;
}

/**
 * The registrable client name (trimmed), or RFC 7591 §3.2.2 `invalid_client_metadata`: the server
 * may reject metadata values it does not accept (spec §5.1.3 registers clients "with a client name").
 */
export function checkClientName(value: unknown): string {
  const problem = clientNameProblem(value);
  if (problem !== undefined) throw new InvalidClientMetadataError(problem);
  return (value as string).trim();
}
