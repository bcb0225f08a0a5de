import { parse as parseCsv } from "csv-parse/sync";
import { Parser } from "htmlparser2";

/**
 * The catalogue check (issue 40): given a page rendered in another language than English, the
 * text a person can see or hear that was left in English. It reads what is human-visible (text,
 * and the `alt`, `title`, `aria-label`, `placeholder` attributes and a button's `value`), skips
 * what is not (scripts, styles, `hidden`, and anything marked `translate="no"`, HTML's own mark for
 * names and code), and what says it is in another language than the page's (an element whose `lang`
 * differs from `<html lang>`: the language switch's "English", a letter the person chose to write in
 * English), and flags a text that contains an English catalogue message or is mostly English
 * words. Names are allowed: what the page isolates as a name someone else chose (`<bdi>`, and the
 * U+2068…U+2069 isolates of plain text: ui's `Name` and `isolatedName`), the names given (the
 * service's), and amounts and numbers, which are not words.
 */
export interface UntranslatedTextOptions {
  /** The English messages the page's words come from (the catalogue's values); `{arguments}` match anything. */
  englishMessages: Iterable<string>;
  /** Names shown as they are in every language: removed from a text before it is judged. */
  names?: Iterable<string>;
}

export interface UntranslatedText {
  /** The text as a person meets it, spaces collapsed. */
  text: string;
  /** Where: the element, or the element and attribute ("input[placeholder]"). */
  where: string;
  /** An English message the text contains, or the English words that give it away. */
  because: string;
}

/**
 * Words that make a text English and are not Spanish words ("no", "me", "a", "con", "has" are
 * both, so they are not here). Two of them, or one in a text of three words or fewer, give it away.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "the and your you to of is are this that with for not will what it its be we our they their them these those " +
    "have had was were been from by on at an or can could do does did if when how about here there which who whom " +
    "please my into would should may must only also than then any all been being yet still were shall just over after " +
    "before under again once each other some such own same so too very in out up down off"
  ).split(" "),
);

/** Elements whose content no one sees or hears. */
const INVISIBLE = new Set(["script", "style", "template", "noscript", "svg", "math"]);
/** Elements inside which text runs on as one sentence; any other element ends a text. */
const INLINE = new Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"]);
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: around a name in plain text (ui's `isolatedName`). */
const NAME_START = "\u2068";
const NAME_END = "\u2069";
const ISOLATED_NAME = /\u2068[^\u2069]*\u2069/gu;

/** Attributes a person sees or hears. */
const SHOWN_ATTRIBUTES = ["alt", "title", "aria-label", "placeholder"] as const;

interface Seen {
  text: string;
  where: string;
}

/** Every human-visible text of the page, in order: the text between block boundaries, and the shown attributes. */
export function visibleTexts(html: string): Seen[] {
  const seen: Seen[] = [];
  const open: Array<{ name: string; skip: boolean }> = [];
  let buffer = "";
  let bufferWhere = "";
  const skipping = () => open.some((element) => element.skip);
  // The page's language, from <html lang>: an element in another language is meant to be.
  let pageLanguage: string | undefined;
  const otherLanguage = (lang: string | undefined) =>
    lang !== undefined && pageLanguage !== undefined && lang.toLowerCase().split("-")[0] !== pageLanguage;
  const flush = () => {
    const text = buffer.replace(/\s+/g, " ").trim();
    if (text !== "") seen.push({ text, where: bufferWhere });
    buffer = "";
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "html") pageLanguage = attributes.lang?.toLowerCase().split("-")[0];
        const skip =
          INVISIBLE.has(name) || "hidden" in attributes || attributes.translate === "no" || attributes.type === "hidden" || otherLanguage(attributes.lang);
        if (!INLINE.has(name)) flush();
        if (!skip && !skipping()) {
          for (const attribute of SHOWN_ATTRIBUTES) {
            const value = attributes[attribute];
            if (value !== undefined && value.trim() !== "") seen.push({ text: value.replace(/\s+/g, " ").trim(), where: `${name}[${attribute}]` });
          }
          // A button's words: an <input> button shows its value (a <button> shows its content, read as text).
          const inputButton = name === "input" && ["submit", "button", "reset"].includes(attributes.type ?? "");
          if (inputButton && attributes.value !== undefined) seen.push({ text: attributes.value.trim(), where: "input[value]" });
        }
        if (!VOID.has(name)) open.push({ name, skip });
      },
      ontext(text) {
        if (skipping()) return;
        if (buffer.trim() === "") bufferWhere = open.filter((element) => !INLINE.has(element.name)).at(-1)?.name ?? "#document";
        // A <bdi> holds a name someone else chose: kept in the text, isolated as the page isolates plain-text names.
        buffer += open.at(-1)?.name === "bdi" ? `${NAME_START}${text}${NAME_END}` : text;
      },
      onclosetag(name, implied) {
        if (VOID.has(name) && !implied) return;
        if (!INLINE.has(name)) flush();
        // Close up to the element named (HTML's implied end tags close what they enclose).
        const index = open.map((element) => element.name).lastIndexOf(name);
        if (index >= 0) open.length = index;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return seen;
}

/** A message's fixed words as a pattern: each `{argument}` (plurals and selects too) matches any text. */
function messagePattern(message: string): RegExp | undefined {
  const literals: string[] = [];
  let depth = 0;
  let literal = "";
  for (const character of message) {
    if (character === "{") {
      if (depth === 0) {
        literals.push(literal);
        literal = "";
      }
      depth += 1;
    } else if (character === "}") {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      literal += character;
    }
  }
  literals.push(literal);
  // A message is recognised by its words: a bare argument, or punctuation alone, is not English.
  if (!/\p{L}{2,}/u.test(literals.join(""))) return undefined;
  const asPattern = (text: string) => text.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  const body = literals.map(asPattern).join(".+?");
  return new RegExp(`(?<!\\p{L})${body}(?!\\p{L})`, "u");
}

const wordsOf = (text: string) => text.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? [];

/** Judges texts a person reads as English or not, with the options' messages and names. */
function englishJudge(options: UntranslatedTextOptions): (seen: Seen) => UntranslatedText | undefined {
  const patterns = [...new Set(options.englishMessages)].flatMap((message) => {
    const pattern = messagePattern(message);
    return pattern === undefined ? [] : [{ message, pattern }];
  });
  // The longest name first, so "Harbor Recovery Partners" goes before "Harbor".
  const names = [...new Set(options.names ?? [])].filter((name) => name.trim() !== "").sort((a, b) => b.length - a.length);
  return ({ text: shown, where }) => {
    const judged = names.reduce((rest, name) => rest.split(name).join(" "), shown.replace(ISOLATED_NAME, " "));
    // Reported as a person reads it, without the isolates.
    const text = shown.replace(/[\u2068\u2069]/gu, "");
    const message = patterns.find(({ pattern }) => pattern.test(judged));
    if (message !== undefined) return { text, where, because: `the English message "${message.message}"` };
    const words = wordsOf(judged);
    const english = words.filter((word) => ENGLISH_STOP_WORDS.has(word.toLowerCase()));
    if (english.length >= 2 || (english.length === 1 && words.length <= 3)) return { text, where, because: `English words: ${english.join(", ")}` };
    return undefined;
  };
}

/** The texts of a page rendered in another language that are still English: empty when the page is translated. */
export function findUntranslatedText(html: string, options: UntranslatedTextOptions): UntranslatedText[] {
  const judge = englishJudge(options);
  return visibleTexts(html).flatMap((seen) => judge(seen) ?? []);
}

/**
 * The same check on a CSV export made for a reader of another language (a draft's history): every
 * cell, the header row included, is a text the person reads in their spreadsheet. `where` names the
 * cell ("row 1, column 3", the header being row 1).
 */
export function findUntranslatedCsvText(csv: string, options: UntranslatedTextOptions): UntranslatedText[] {
  const judge = englishJudge(options);
  const rows = parseCsv(csv, { relax_column_count: true, bom: true }) as string[][];
  return rows.flatMap((cells, row) => cells.flatMap((text, column) => judge({ text, where: `row ${row + 1}, column ${column + 1}` }) ?? []));
}

/**
 * The English messages another language's catalogue translates: those it writes differently (a
 * message the same in both, a name such as "Resolve", is not English text on the page).
 */
export function translatedMessages(english: Readonly<Record<string, string>>, other: Readonly<Record<string, string>>): string[] {
  return Object.entries(english).flatMap(([key, text]) => (other[key] === text ? [] : [text]));
}
