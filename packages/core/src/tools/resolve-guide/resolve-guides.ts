import type { Language } from "../../resolve/languages.js";
import type { ResolveGuide } from "./guide-shape.js";
import { RESOLVE_GUIDE } from "./resolve-guide.js";
import { GUIDE_WORDS_ES } from "./resolve-guide.es.js";
import { translatedGuide } from "./translated-guide.js";

/**
 * The guide in each language the consumer's side is written in: get_resolve_guide answers in the
 * request's language and the pages show the reader's. A language added to `LANGUAGES` fails to
 * compile here until its guide is written.
 */
export const RESOLVE_GUIDES: Readonly<Record<Language, ResolveGuide>> = Object.freeze({
  en: RESOLVE_GUIDE,
  es: translatedGuide(RESOLVE_GUIDE, GUIDE_WORDS_ES),
});
