import bidiJs from "bidi-js";
import { followsItsBase, type LetterFont, RIGHT_TO_LEFT_FONTS, scriptFont } from "./letter-fonts.js";

// bidi-js is a UMD file: Node hands its factory over as the default export, while its types
// describe an ES module whose `default` is the factory.
const bidiFactory: typeof bidiJs.default = typeof bidiJs === "function" ? bidiJs : bidiJs.default;
const bidi = bidiFactory();

/**
 * A piece of a drawn line: text in one font, left to right on the page. A right-to-left run (Arabic,
 * Hebrew) is handed over in its logical order: fontkit shapes it (Arabic letters join) and lays its
 * glyphs out right to left; every other run is already in the order it is drawn.
 */
export interface TextRun {
  text: string;
  font: LetterFont;
  rightToLeft: boolean;
}

/** The width of `text` drawn in `font` (a right-to-left run as one shaped run). */
export type MeasureText = (text: string, font: LetterFont, rightToLeft: boolean) => number;

/** The explicit direction formatting characters: they steer the algorithm and are never drawn (UAX #9, rule X9). */
const FORMATTING = new Set(["LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]);
const drawn = (character: string) => !FORMATTING.has(bidi.getBidiCharTypeName(character));

const WHITESPACE = /\s/;
const isOdd = (level: number) => level % 2 === 1;

/**
 * Each character's font: its script's; a combining mark or a joiner takes the font of the character it
 * follows; any other character every script shares takes Noto Sans, except a space inside a right-to-left
 * run, which keeps the run's font so "محمد علي" stays one shaped run.
 */
function fontsOf(text: string, levels: Uint8Array): LetterFont[] {
  // Per UTF-16 unit, as the algorithm's levels are: the second half of a pair takes its character's font.
  const scripts = Array.from({ length: text.length }, (_, index) =>
    /[\uDC00-\uDFFF]/.test(text[index]!) ? scriptFont(String.fromCodePoint(text.codePointAt(index - 1)!)) : scriptFont(String.fromCodePoint(text.codePointAt(index)!)),
  );
  const fonts: LetterFont[] = [];
  for (const [index, script] of scripts.entries()) fonts.push(script ?? sharedCharacterFont(text, levels, scripts, fonts, index));
  return fonts;
}

/** The font of a character every script shares (`fontsOf`), from the fonts chosen before it. */
function sharedCharacterFont(text: string, levels: Uint8Array, scripts: readonly (LetterFont | undefined)[], before: readonly LetterFont[], index: number): LetterFont {
  const character = text[index]!;
  if (index > 0 && followsItsBase(character)) return before[index - 1]!;
  if (isOdd(levels[index]!) && WHITESPACE.test(character)) {
    for (let previous = index - 1; previous >= 0 && levels[previous] === levels[index]; previous--) {
      const neighbour = scripts[previous];
      if (neighbour !== undefined) return RIGHT_TO_LEFT_FONTS.has(neighbour) ? neighbour : "latin";
    }
  }
  return "latin";
}

/** Consecutive characters of one font in logical order, measured as they will be drawn. */
function widthOf(text: string, fonts: readonly LetterFont[], start: number, end: number, measure: MeasureText): number {
  let width = 0;
  let runStart = start;
  for (let index = start; index <= end; index++) {
    if (index < end && fonts[index] === fonts[runStart]) continue;
    const piece = [...text.slice(runStart, index)].filter(drawn).join("");
    if (piece !== "") width += measure(piece, fonts[runStart]!, RIGHT_TO_LEFT_FONTS.has(fonts[runStart]!));
    runStart = index;
  }
  return width;
}

/**
 * Where the paragraph's lines start and end (logical indices, end exclusive): words filled greedily
 * up to `width`, broken after spaces; a word longer than a line (a 120-character name without a
 * space) is cut between characters rather than run off the page.
 */
function lineBreaks(text: string, fonts: readonly LetterFont[], width: number, measure: MeasureText): [number, number][] {
  const words = [...text.matchAll(/\S*\s*/g)].filter((match) => match[0] !== "").map((match) => [match.index, match.index + match[0].length] as const);
  const lines: [number, number][] = [];
  let lineStart = 0;
  let lineEnd = 0;
  // The width of [lineStart, lineEnd), its words measured once each (a word is shaped on its own).
  let lineWidth = 0;
  for (const [wordStart, wordEnd] of words) {
    const visibleEnd = wordStart + text.slice(wordStart, wordEnd).trimEnd().length;
    const visible = widthOf(text, fonts, wordStart, visibleEnd, measure);
    if (lineEnd > lineStart && lineWidth + visible > width) {
      lines.push([lineStart, lineEnd]);
      lineStart = wordStart;
      lineWidth = 0;
    }
    if (lineStart === wordStart && visible > width) {
      // Too wide alone: cut the word where the line is full, at a character boundary.
      let cutFrom = wordStart;
      for (let index = wordStart; index < visibleEnd; index++) {
        if (index > cutFrom && widthOf(text, fonts, cutFrom, index + 1, measure) > width && !/[\uDC00-\uDFFF]/.test(text[index]!)) {
          lines.push([cutFrom, index]);
          cutFrom = index;
        }
      }
      lineStart = cutFrom;
      lineWidth = widthOf(text, fonts, cutFrom, visibleEnd, measure);
    } else {
      lineWidth += visible;
    }
    lineWidth += widthOf(text, fonts, visibleEnd, wordEnd, measure);
    lineEnd = wordEnd;
  }
  if (lineEnd > lineStart || lines.length === 0) lines.push([lineStart, Math.max(lineEnd, lineStart)]);
  return lines;
}

/** One line's runs from left to right: the algorithm's visual order, grouped by font and direction. */
function visualRuns(text: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>, fonts: readonly LetterFont[], start: number, end: number): TextRun[] {
  let last = end;
  while (last > start && WHITESPACE.test(text[last - 1]!)) last--;
  if (last === start) return [];
  const groups: { font: LetterFont; odd: boolean; indices: number[] }[] = [];
  // The indices of the whole paragraph come back, this line's reordered in place.
  for (const index of bidi.getReorderedIndices(text, levels, start, last - 1).slice(start, last)) {
    if (!drawn(text[index]!)) continue;
    const font = fonts[index]!;
    const odd = isOdd(levels.levels[index]!);
    const group = groups.at(-1);
    if (group !== undefined && group.font === font && group.odd === odd) group.indices.push(index);
    else groups.push({ font, odd, indices: [index] });
  }
  return groups.map(({ font, odd, indices }): TextRun => {
    if (odd && RIGHT_TO_LEFT_FONTS.has(font)) {
      return { text: [...indices].sort((a, b) => a - b).map((index) => text[index]).join(""), font, rightToLeft: true };
    }
    // Shared characters set right to left (a bracket beside a Hebrew name): drawn in visual order, mirrored.
    const characters = indices.map((index) => (odd ? (bidi.getMirroredCharacter(text[index]!) ?? text[index]!) : text[index]!));
    return { text: characters.join(""), font, rightToLeft: false };
  });
}

/**
 * A paragraph of a left-to-right letter (English or Spanish) as drawn lines: ordered by the Unicode
 * bidirectional algorithm (bidi-js), so a right-to-left name sits in the sentence as a reader of
 * either script expects, and wrapped to `width` points.
 */
export function bidiLines(text: string, width: number, measure: MeasureText): TextRun[][] {
  const levels = bidi.getEmbeddingLevels(text, "ltr");
  const fonts = fontsOf(text, levels.levels);
  return lineBreaks(text, fonts, width, measure).map(([start, end]) => visualRuns(text, levels, fonts, start, end));
}
