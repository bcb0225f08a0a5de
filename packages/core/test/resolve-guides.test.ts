import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../src/resolve/languages.js";
import type { ResolveGuide } from "../src/tools/resolve-guide/guide-shape.js";
import { RESOLVE_GUIDE } from "../src/tools/resolve-guide/resolve-guide.js";
import { RESOLVE_GUIDES } from "../src/tools/resolve-guide/resolve-guides.js";
import { GUIDE_WORDS_ES } from "../src/tools/resolve-guide/resolve-guide.es.js";
import { translatedGuide } from "../src/tools/resolve-guide/translated-guide.js";

/** What must be the same in every language: the version, each section's id, its number of points and its citations, and the list lengths. */
const shapeOf = (guide: ResolveGuide) => ({
  version: guide.version,
  sections: guide.sections.map((section) => ({ id: section.id, points: section.points.length, citations: section.citations })),
  whatThisServiceNeverDoes: guide.whatThisServiceNeverDoes.length,
});

/** Words an English sentence is made of and a Spanish one is not. */
const ENGLISH_WORDS = /\b(the|and|you|your|that|this|with|will|must|not|does|what)\b/i;

describe("the Resolve guide in every language (issue 40)", () => {
  it("keeps English as RESOLVE_GUIDE, and has a guide for every language", () => {
    expect(RESOLVE_GUIDES.en).toBe(RESOLVE_GUIDE);
    expect(Object.keys(RESOLVE_GUIDES).sort()).toEqual([...LANGUAGES].sort());
  });

  it("has the English guide's shape in every language: a change in English not made in the others fails here", () => {
    for (const language of LANGUAGES) expect(shapeOf(RESOLVE_GUIDES[language]), language).toEqual(shapeOf(RESOLVE_GUIDE));
  });

  it("takes its version and citations from the English guide, and refuses a translation that fell behind", () => {
    expect(RESOLVE_GUIDES.es.sections.map((section) => section.citations)).toEqual(RESOLVE_GUIDE.sections.map((section) => section.citations));
    const added = { ...RESOLVE_GUIDE, sections: RESOLVE_GUIDE.sections.map((section, index) => (index === 1 ? { ...section, points: [...section.points, "A new point."] } : section)) };
    expect(() => translatedGuide(added, GUIDE_WORDS_ES)).toThrow(/does not match the English guide/);
    const shorter = { ...RESOLVE_GUIDE, sections: [...RESOLVE_GUIDE.sections, { id: "new", title: "New", points: [], citations: [] }] };
    expect(() => translatedGuide(shorter, GUIDE_WORDS_ES)).toThrow(/not every section/);
  });

  it("is written in Spanish in Spanish: no point left in English, none the same as the English", () => {
    const es = RESOLVE_GUIDES.es;
    const english = new Set(RESOLVE_GUIDE.sections.flatMap((section) => [section.title, ...section.points]));
    const texts = [es.summary, es.fees, es.notLegalAdvice, ...es.whatThisServiceNeverDoes, ...es.sections.flatMap((section) => [section.title, ...section.points])];
    for (const text of texts) {
      expect(english.has(text), text).toBe(false);
      // Quoted English terms ("itemization date") and the citations are the only English a reader meets.
      expect(text.replace(/“[^”]*”|\(charge-off\)/g, ""), text).not.toMatch(ENGLISH_WORDS);
    }
  });

  it("uses the CFPB's Spanish terms and speaks to the reader as usted", () => {
    const text = JSON.stringify(RESOLVE_GUIDES.es);
    for (const term of ["información de validación", "aviso de validación", "período de validación", "disputar la deuda", "acreedor original", "acreedor actual", "verificación de la deuda", "cobrador de deudas"]) {
      expect(text).toContain(term);
    }
    expect(text).not.toMatch(/(?<!\p{L})(tú|tu|tus|te|ti|puedes|debes|tienes)(?!\p{L})/u);
  });

  it("stays neutral in Spanish too: what the CFPB suggests, never what to do", () => {
    const records = RESOLVE_GUIDES.es.sections.find((section) => section.id === "keeping-records")!;
    for (const point of records.points) expect(point).toMatch(/^(La CFPB sugiere|Sugiere|El período de validación)/);
    const points = RESOLVE_GUIDES.es.sections.flatMap((section) => section.points).join("\n");
    expect(points).toContain("el cobrador supondrá que la deuda es válida");
    expect(points).toContain("Pedir documentos o información no es necesariamente disputar la deuda.");
  });

  it("says in Spanish what the English guide 1.3 corrected (issue 39)", () => {
    const notice = RESOLVE_GUIDES.es.sections.find((section) => section.id === "validation-notice")!;
    // 12 CFR 1006.34(c)(2)(iii): the creditor on the itemization date only for consumer financial products or services.
    expect(notice.points[2]).toContain("producto o servicio financiero de consumo");
    const documents = RESOLVE_GUIDES.es.sections.find((section) => section.id === "documents-and-original-creditor")!;
    expect(documents.points.at(-2)).toContain("pide más datos que esta lista");
    // The service writes no dispute or stop-contact letter; it names the CFPB's own.
    expect(documents.points.at(-1)).toContain("carta modelo para disputar");
    const contact = RESOLVE_GUIDES.es.sections.find((section) => section.id === "limiting-contact")!;
    expect(contact.points.at(-1)).toContain("carta modelo para pedirle que deje de comunicarse");
  });
});
