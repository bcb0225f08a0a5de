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

const isLowSurrogate = (text: string, index: number) => /[\uDC00-\uDFFF]/.test(text[index] ?? "");

/**
 * The end of the longest piece of `text` from `start` (before `limit`) that fits `width`, at least one
 * character and never inside a surrogate pair: `limit` when the rest fits. Found by doubling the piece
 * until it is too wide, then halving the gap, so a line costs O(L log L) measured characters for a line
 * of L, and a word of n characters O(n log L): linear in the word for a page's width (each prefix measured
 * anew, as before, was O(n·L), a 200-character Arabic name about 40 ms). The piece is measured whole, as
 * drawn: an Arabic run's width depends on its letters' joining, so no character's width is added up alone.
 */
function fittingEnd(text: string, fonts: readonly LetterFont[], start: number, limit: number, width: number, measure: MeasureText): number {
  const fits = (end: number) => widthOf(text, fonts, start, end, measure) <= width;
  const first = Math.min(limit, isLowSurrogate(text, start + 1) ? start + 2 : start + 1);
  if (first >= limit) return limit;
  // `good` fits (or is the one character a line must take); `bad` does not.
  let good = first;
  let bad = limit;
  for (let step = 1; ; step *= 2) {
    const probe = Math.min(limit, first + step);
    if (!fits(probe)) {
      bad = probe;
      break;
    }
    good = probe;
    if (probe === limit) return limit;
  }
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (fits(middle)) good = middle;
    else bad = middle;
  }
  // A cut before a pair's second half moves back to before the pair, unless that leaves the line empty.
  if (isLowSurrogate(text, good) && good - 1 > start) good -= 1;
  return good;
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
      // Too wide alone: cut the word where each line is full, at a character boundary.
      let cutFrom = wordStart;
      for (let end = fittingEnd(text, fonts, cutFrom, visibleEnd, width, measure); end < visibleEnd; end = fittingEnd(text, fonts, cutFrom, visibleEnd, width, measure)) {
        lines.push([cutFrom, end]);
        cutFrom = end;
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

/**
 * The logical indices of [start, last) in the order they are drawn (UAX #9 rule L2), as bidi-js's
 * `getReorderedIndices` orders them, but built for this line alone: that one builds an index for every
 * character of the paragraph on each call, which made a paragraph of n characters cost O(n²/L) over its lines.
 */
function lineOrder(text: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>, start: number, last: number): number[] {
  const indices = Array.from({ length: last - start }, (_, offset) => start + offset);
  for (const segment of bidi.getReorderSegments(text, levels, start, last - 1)) {
    const [from, to] = segment as [number, number];
    for (let low = from - start, high = to - start; low < high; low++, high--) [indices[low], indices[high]] = [indices[high]!, indices[low]!];
  }
  return indices;
}

/** One line's runs from left to right: the algorithm's visual order, grouped by font and direction. */
function visualRuns(text: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>, fonts: readonly LetterFont[], start: number, end: number): TextRun[] {
  let last = end;
  while (last > start && WHITESPACE.test(text[last - 1]!)) last--;
  if (last === start) return [];
  const groups: { font: LetterFont; odd: boolean; indices: number[] }[] = [];
  for (const index of lineOrder(text, levels, start, last)) {
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
