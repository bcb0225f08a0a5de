import { deepFreeze } from "./deep-freeze.js";
import type { GuideWords, ResolveGuide } from "./guide-shape.js";

/**
 * A guide in another language: its words, with the English guide's version and each section's
 * citations, so the sources are written once. Sections must match the English ones id for id and
 * point for point: a mismatch is a translation that fell behind, refused when the module loads.
 */
export function translatedGuide(english: ResolveGuide, words: GuideWords): ResolveGuide {
  const sections = words.sections.map((section, index) => {
    const source = english.sections[index];
    if (source?.id !== section.id || source.points.length !== section.points.length) {
      throw new Error(`The translated guide's section "${section.id}" does not match the English guide's "${source?.id}".`);
    }
    return { ...section, citations: [...source.citations] };
  });
  if (sections.length !== english.sections.length) throw new Error("The translated guide has not every section of the English guide.");
  return deepFreeze({ ...words, version: english.version, sections });
}
