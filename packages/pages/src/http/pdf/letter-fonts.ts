import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { create, type Font } from "fontkit";

/**
 * The letter PDF's fonts: Noto Sans (Latin with every accent, Greek, Cyrillic), and for the scripts it
 * leaves out, Noto Naskh Arabic and Noto Sans Hebrew. Each ships as a TrueType file in a package of
 * the EmbedPDF project (`@embedpdf/fonts-*`, SIL Open Font License); pdfkit embeds only the glyphs a
 * letter uses (a subset), so a letter stays about ten kilobytes.
 */
export type LetterFont = "latin" | "arabic" | "hebrew";

const FONT_FILES: Record<LetterFont, { pkg: string; file: string }> = {
  latin: { pkg: "@embedpdf/fonts-latin", file: "NotoSans-Regular.ttf" },
  arabic: { pkg: "@embedpdf/fonts-arabic", file: "NotoNaskhArabic-Regular.ttf" },
  hebrew: { pkg: "@embedpdf/fonts-hebrew", file: "NotoSansHebrew-Regular.ttf" },
};

/** The packages export only their scripts: the font files sit in `fonts/` beside `dist/`. */
function fontPath({ pkg, file }: { pkg: string; file: string }): string {
  return join(dirname(createRequire(import.meta.url).resolve(pkg)), "..", "fonts", file);
}

let parsed: Record<LetterFont, Font> | undefined;

function parse(file: { pkg: string; file: string }): Font {
  const font = create(readFileSync(fontPath(file)));
  if ("fonts" in font) throw new Error(`${file.file} is a font collection, not one font`);
  return font;
}

/**
 * The three fonts, read and parsed once per process (fontkit) and shared by every letter: parsing
 * Noto Sans and its layout tables again for each PDF cost about 50 ms of the one thread, more than
 * the rest of the letter. pdfkit takes a fontkit font as it takes a file and subsets it per document.
 */
export function letterFonts(): Record<LetterFont, Font> {
  parsed ??= { latin: parse(FONT_FILES.latin), arabic: parse(FONT_FILES.arabic), hebrew: parse(FONT_FILES.hebrew) };
  return parsed;
}

/** Fonts whose script is written right to left: fontkit orders and shapes a run of theirs itself. */
export const RIGHT_TO_LEFT_FONTS: ReadonlySet<LetterFont> = new Set(["arabic", "hebrew"]);

/**
 * The font of a character by its script: by its script extensions, so the marks and punctuation Arabic
 * shares with a few scripts (tanwin "ً", the Arabic comma "،") go with Arabic; `undefined` for one every
 * script shares (a space, a digit, a full stop), and for a combining mark or a joiner, which go with the
 * character before them.
 */
export function scriptFont(character: string): LetterFont | undefined {
  if (/\p{Script_Extensions=Arabic}/u.test(character)) return "arabic";
  if (/\p{Script_Extensions=Hebrew}/u.test(character)) return "hebrew";
  if (/[\p{Script=Common}\p{Script=Inherited}]/u.test(character)) return undefined;
  return "latin";
}

/** A combining mark or a zero-width joiner or non-joiner: drawn in the font of the character it follows. */
export const followsItsBase = (character: string): boolean => /[\p{M}\u200C\u200D]/u.test(character);
