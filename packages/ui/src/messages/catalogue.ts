import type { Language } from "@connector/core/resolve";
import { IntlMessageFormat } from "intl-messageformat";
import type { ComponentChildren, VNode } from "preact";
import { readerLanguage } from "../reader/reader.js";
import { EN } from "./en.js";
import { ES } from "./es.js";

export type MessageKey = keyof typeof EN;
/** What a message's `{arguments}` take: text (escaped where the page renders it) or a number (plurals). */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Every language's messages: a key missing in one fails the build (es.ts's `satisfies`) and the catalogue test. */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = { en: EN, es: ES };

const compiled = new Map<string, IntlMessageFormat>();

function formatOf(language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${language} ${key}`;
  let format = compiled.get(id);
  if (format === undefined) {
    format = new IntlMessageFormat(CATALOGUES[language][key], language);
    compiled.set(id, format);
  }
  return format;
}

/**
 * The message `key` in the reader's language (or `language`), its arguments filled in and its
 * plurals chosen by the language's rules. Compiled once per language and key.
 */
export function message(key: MessageKey, values?: MessageValues, language: Language = readerLanguage()): string {
  return String(formatOf(language, key).format(values));
}

/**
 * The message with some arguments given as markup (a name set apart, a link): the words around
 * them come from the catalogue, so a sentence is never built from fragments in a view.
 */
export function richMessage(key: MessageKey, values: Readonly<Record<string, string | number | VNode>>, language: Language = readerLanguage()): ComponentChildren {
  return formatOf(language, key).format<VNode>(values);
}
