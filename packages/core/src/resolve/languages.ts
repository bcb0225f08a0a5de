/**
 * The languages the consumer's side is written in: Resolve's pages, the guide and the letters.
 * English first: it is the default where nothing says otherwise. Spanish because Regulation F
 * gives it a place of its own (a validation notice may be sent in Spanish, or offer one:
 * 12 CFR 1006.34(d)(3)(vi) and (e)).
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** Each language's name in itself, as a switch between them shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", es: "Español" };
