import type { Language } from "@connector/core/resolve";

/**
 * The `Intl` locale of each language: US English and US Spanish, since the service serves
 * consumers under a US rule. `<html data-locale>` carries it to the time-zone script, so the
 * browser rewrites times in the same words the server wrote them.
 */
export const LOCALES: Readonly<Record<Language, string>> = { en: "en-US", es: "es-US" };
