import type { IncomingMessage } from "node:http";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from "@connector/core/resolve";
import { preferredLanguage, readCookie } from "@connector/http";

/** The cookie the language switch sets: the person's own choice, which outranks their browser's. */
export const LANGUAGE_COOKIE = "lang";

/** The reader's language: their choice (the switch's cookie), else the one their browser prefers, else English. */
export function languageOfRequest(req: Pick<IncomingMessage, "headers">): Language {
  const chosen = readCookie(req.headers, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const header = req.headers["accept-language"];
  return preferredLanguage(typeof header === "string" ? header : undefined, LANGUAGES) ?? DEFAULT_LANGUAGE;
}
