import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ConsumerRequestDraftView } from "@connector/core/domain";
import { consumerSession, requestDraft } from "./support/consumer-request.js";
import type { DraftForReview } from "@connector/core/drafts";
import { withoutDirectionControls } from "@connector/core/guard";
import { asReader } from "@connector/ui";
import { ensureDebianPackage } from "@connector/vitest-config";
import { getDocumentProxy } from "unpdf";
import { afterAll, describe, expect, it } from "vitest";
import { letterPdf } from "../src/http/letter-pdf.js";
import { bidiLines } from "../src/http/pdf/bidi-lines.js";
import { shapeLetter } from "../src/http/letter-choices.js";
import { renderDraftPage } from "../src/views/drafts/draft-page.js";
import { letterLanguageOf, letterLinesFor } from "../src/views/resolve/request-letter.js";

/**
 * Issue 48 items 1 and 2: the PDF is the letter. Its text, read back with poppler's `pdftotext`,
 * is the page's letter in Spanish (every accent), with an Arabic or a Hebrew name (ordered and
 * shaped, not "????"), and with a hidden direction control in a name (nothing reordered, no "?");
 * the places a person fills in are form fields a PDF reader (pdf.js, through unpdf) finds by name.
 */
const PDFTOTEXT = ensureDebianPackage({
  binary: "pdftotext",
  paths: ["/usr/bin/pdftotext"],
  debianPackage: "poppler-utils",
  neededFor: "the letter PDF tests (packages/pages/test/letter-pdf.test.ts)",
});

const session = consumerSession;
const draft = (overrides: Partial<ConsumerRequestDraftView>) => requestDraft({ recipient: "Cobranzas Núñez y Peña", ...overrides });

const forReview = (subject: ConsumerRequestDraftView) =>
  ({ draft: subject, history: [], mayDiscard: true, conflicts: [], notice: "", placed: [] }) as unknown as DraftForReview;

/** A Spanish reader in Los Angeles. */
/** A letter's address query, as the form sends it. */
type LetterQuery = Record<string, string | string[]>;

const inSpanish = <T>(render: () => T): T => asReader({ language: "es", timeZone: "America/Los_Angeles", path: "/resolve" }, render);

const CHOICES: LetterQuery = {
  letterLanguage: "es",
  times: "antes de las 10 a. m.",
  zone: "America/Los_Angeles",
  work: "on",
  places: "la casa de mi madre",
  ways: ["calls", "texts"],
};

/** The letter as the page shows it: the text of its `#request-text` element. */
function pageLetterText(subject: ConsumerRequestDraftView, query: LetterQuery): string {
  const html = inSpanish(() => renderDraftPage(session, { detail: forReview(subject), owner: true, letter: shapeLetter(query) }));
  const inner = /<div class="letter" id="request-text"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  if (inner === undefined) throw new Error("The page has no letter");
  return inner
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

const dir = mkdtempSync(join(tmpdir(), "letter-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The letter's PDF for the same draft and choices. */
async function pdfOf(subject: ConsumerRequestDraftView, query: LetterQuery): Promise<Buffer> {
  const state = shapeLetter(query);
  const lines = inSpanish(() => letterLinesFor(subject, state));
  return (await letterPdf(subject, lines, letterLanguageOf(state))).body;
}

/** What poppler reads in a PDF, as a person copying its text would get it. */
function pdftotext(pdf: Buffer): string {
  const path = join(dir, `letter-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, pdf);
  return execFileSync(PDFTOTEXT, ["-enc", "UTF-8", path, "-"], { encoding: "utf8" });
}

/**
 * Text compared as a reader reads it: the same words in the same order. Line breaks and spaces
 * fall differently on a page and a sheet, and neither shows a direction control (poppler marks a
 * right-to-left run with embedding controls; the page isolates a name with markup).
 */
const words = (text: string) => withoutDirectionControls(text).replace(/\s+/g, " ").trim();

describe("the letter PDF", () => {
  it("reads as the page's Spanish letter, every accent kept", async () => {
    for (const subject of [draft({}), draft({ requestKind: "documents", channel: "email" })]) {
      const query = subject.requestKind === "documents" ? { letterLanguage: "es" } : CHOICES;
      const page = pageLetterText(subject, query);
      const pdf = await pdfOf(subject, query);
      expect(words(pdftotext(pdf))).toBe(words(page));
      expect(pdftotext(pdf)).toContain("Cobranzas Núñez y Peña");
      expect(pdftotext(pdf)).toContain("[Su dirección postal]");
      // Subset fonts: a letter stays small enough to attach anywhere.
      expect(pdf.length).toBeLessThan(60_000);
    }
    expect(words(pageLetterText(draft({}), CHOICES))).toContain("antes de las 10 a. m. (hora del Pacífico)");
  });

  it("writes Arabic and Hebrew names in their own script and order, and Greek and Cyrillic ones too", async () => {
    for (const recipient of ["شركة محمد علي للتحصيل", "גבייה דוד לוי בע״מ", "Εισπράξεις Παπαδόπουλος", "Коллекторское агентство Иванов"]) {
      const subject = draft({ recipient });
      const text = pdftotext(await pdfOf(subject, CHOICES));
      expect(words(text)).toBe(words(pageLetterText(subject, CHOICES)));
      expect(words(text)).toContain(`Para: ${recipient}`);
      expect(text).not.toContain("?");
    }
  });

  it("keeps a hidden direction control in a name from reordering anything, and draws no '?' for it", async () => {
    const subject = draft({ recipient: "ACME \u202Esnoitcelloc\u202C Group", reference: "\u202Bref-77\u202C" });
    const page = pageLetterText(subject, CHOICES);
    expect(page).toContain("\u202E");
    const text = pdftotext(await pdfOf(subject, CHOICES));
    expect(words(text)).toBe(words(page));
    expect(text).toContain("Para: ACME snoitcelloc Group");
    expect(text).toContain("Asunto: su referencia ref-77");
    expect(text).not.toContain("?");
  });

  it("has a form field for each place a person fills in, named after it, and their labels still printed", async () => {
    const pdf = await pdfOf(draft({}), CHOICES);
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const fields = (await document.getFieldObjects()) ?? {};
    expect(Object.keys(fields).sort()).toEqual(["date", "name", "name-2", "recipientAddress", "returnAddress", "signature"]);
    for (const [name, [field]] of Object.entries(fields)) {
      expect(field, name).toMatchObject({ type: "text", editable: true, value: "" });
    }
    expect(fields.returnAddress?.[0]).toMatchObject({ multiline: true });
    const text = pdftotext(pdf);
    for (const label of ["[Su nombre]", "[Su dirección postal]", "[Fecha de hoy]", "[Su firma]"]) expect(text).toContain(label);
  });

  it("names the zone the person chose, the same on the page and in the PDF; none chosen, their local time, never the service's default", async () => {
    const subject = draft({});
    const { zone: _, ...withoutZone } = CHOICES;
    const unzoned = words(pageLetterText(subject, withoutZone));
    expect(unzoned).toContain("antes de las 10 a. m. (mi hora local)");
    expect(words(pdftotext(await pdfOf(subject, withoutZone)))).toBe(unzoned);
    // A reader the service would place in Eastern time (no zone from their browser) gets no Eastern either.
    const eastern = asReader({ language: "es", timeZone: "America/New_York" }, () => letterLinesFor(subject, shapeLetter(withoutZone)));
    expect(JSON.stringify(eastern)).not.toContain("oriental");

    const html = inSpanish(() => renderDraftPage(session, { detail: forReview(subject), owner: true, letter: shapeLetter(CHOICES) }));
    expect(html).toMatch(/<option value="America\/Los_Angeles" selected>hora del Pacífico \(Los Angeles\)<\/option>/);
    const refused = inSpanish(() => renderDraftPage(session, { detail: forReview(subject), owner: true, letter: shapeLetter({ ...CHOICES, zone: "Mars/Olympus" }) }));
    expect(refused).toContain("Elija una zona horaria de la lista.");
    expect(refused).not.toContain("Mars/Olympus");
  });

  it("draws a right-to-left name as one shaped run in its own font, its marks included, and a number beside it left to right", () => {
    const text = "To: \u2068صباحًا 10 بعد\u2069, thank you";
    const [runs] = bidiLines(text, 10_000, (piece) => piece.length);
    expect(runs).toEqual([
      { text: "To: ", font: "latin", rightToLeft: false },
      // Left to right on the page: the last word first; each Arabic run in its logical order for fontkit.
      { text: "بعد", font: "arabic", rightToLeft: true },
      { text: " ", font: "latin", rightToLeft: false },
      { text: "10", font: "latin", rightToLeft: false },
      { text: "صباحًا ", font: "arabic", rightToLeft: true },
      { text: ", thank you", font: "latin", rightToLeft: false },
    ]);
    // A line too narrow for a word cuts it between characters instead of running off the page.
    expect(bidiLines("x".repeat(25), 10, (piece) => piece.length).map((line) => line.map((run) => run.text).join(""))).toEqual([
      "x".repeat(10),
      "x".repeat(10),
      "x".repeat(5),
    ]);
  });

  // The whole test took 160 s when every line measured each of its prefixes and reordered the whole paragraph; about 2 s now.
  it("cuts a very long word in time linear in its length: each character measured a bounded number of times (issue 48)", { timeout: 20_000 }, () => {
    const cost = (word: string, width: number) => {
      let measured = 0;
      const lines = bidiLines(word, width, (piece) => {
        measured += piece.length;
        return piece.length;
      });
      return { lines: lines.map((line) => line.map((run) => run.text).join("")), measured };
    };
    // 100 characters a line; measuring every prefix of each line anew cost n·100/2 characters (50 n).
    const word = "x".repeat(20_000);
    const { lines, measured } = cost(word, 100);
    expect(lines).toHaveLength(200);
    expect(lines.every((line) => line.length === 100)).toBe(true);
    expect(measured).toBeLessThan(12 * word.length);
    // Ten times the word, about ten times the cost (not a hundred).
    expect(cost("x".repeat(200_000), 100).measured).toBeLessThan(12 * 200_000);
    // A pair of UTF-16 units is never split, even where the line is full in its middle; nothing is lost.
    const astral = "𝒜".repeat(15);
    const split = cost(astral, 9).lines;
    expect(split.join("")).toBe(astral);
    expect(split.every((line) => !/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(line))).toBe(true);
    // A right-to-left word is cut the same way, in its logical order, nothing lost.
    const arabic = "محمدعليالحسن".repeat(40);
    const rightToLeft = cost(arabic, 50);
    expect(rightToLeft.lines.map((line) => line.length)).toEqual([...Array(9).fill(50), 30]);
    expect(rightToLeft.measured).toBeLessThan(12 * arabic.length);
  });
});
