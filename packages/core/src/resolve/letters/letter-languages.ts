import type { Language } from "../languages.js";
import type { LetterWords } from "./letter-words.js";
import { LETTER_WORDS_EN } from "./letter-words.en.js";
import { LETTER_WORDS_ES } from "./letter-words.es.js";

/** The letters' words in every language the consumer's side is written in: a language added to `LANGUAGES` fails to compile here until its letters are written. */
export const LETTER_WORDS: Readonly<Record<Language, LetterWords>> = { en: LETTER_WORDS_EN, es: LETTER_WORDS_ES };
