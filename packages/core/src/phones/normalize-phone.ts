import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";

export type PhoneProblem = "invalid_phone";

export type NormalizedPhone =
  | { ok: true; e164: string; country: string | undefined }
  | { ok: false; problem: PhoneProblem };

/**
 * A phone number as people write it ("(415) 555-2671", "+44 20 7946 0958") → E.164, with
 * libphonenumber-js and its full metadata (`/max`), which checks the number against each country's
 * real numbering plan rather than its length alone. A number without a `+` is read as a number of
 * `defaultCountry`. Anything the library does not call valid is refused: no guessing.
 */
export function normalizePhone(text: string, defaultCountry: string): NormalizedPhone {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: defaultCountry as CountryCode, extract: false });
  if (parsed === undefined || !parsed.isValid()) return { ok: false, problem: "invalid_phone" };
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/**
 * What an answer may show of a number: the country calling code and the last two digits. Answers
 * leave contact details out; this is enough to tell rows apart in a preview.
 */
export function maskPhone(e164: string): string {
  const visible = 2;
  return `${e164.slice(0, 2)}${"*".repeat(Math.max(0, e164.length - 2 - visible))}${e164.slice(-visible)}`;
}
