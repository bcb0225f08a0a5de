/**
 * Splits free text into the digit runs the personal-data detectors look at.
 *
 * A run is a maximal `D (S D)*` where D is a block of ASCII digits and S is one separator character,
 * `-`, `.`, `_` or a single space, with a digit on both sides. A run is cut at its spaces into parts: a
 * part is one or more digit groups joined by `-`, `.` or `_` ("2026-11-22", "1234.56", "123_45_6789").
 *
 * Only whole parts are ever examined, so a detector never matches a slice of a longer glued number
 * ("100000000.00" is not a 9-digit number, "41111111111111110000" holds no card). A window of several
 * space-separated parts is allowed ("4111 1111 1111 1111", "123 45 6789").
 *
 * Anything that is not a digit ends a run, letters included: "card4111111111111111" holds the part
 * "4111111111111111" and "ssn123-45-6789" the part "123-45-6789". Whether a part sits inside an identifier
 * ("abc123456789", "HRP-123456789", "ref_123456789") is recorded, with the letters glued before it and its
 * position: the SSN and routing detectors weigh bare 9-digit numbers by the words near them (context-words.ts). UUIDs (hyphenated or not) are masked outright before
 * scanning, so no UUID can ever be read as a number.
 */

export interface NumericPart {
  /** Digit groups in order: "123-45-6789" → ["123", "45", "6789"]. */
  groups: string[];
  /** The `-`, `.` or `_` between consecutive groups (one fewer than groups). */
  separators: string[];
  /** Every digit of the part, separators removed. */
  digits: string;
  /**
   * True when the part touches a letter or `_`, or is joined by `-` to a word character, on either side
   * ("abc123456789", "123456789abc", "HRP-123456789", "ref_123456789").
   */
  inIdentifier: boolean;
  /** The letters right before the part, through at most one `-` or `_` ("ssn" in "ssn-123456789"); else "". */
  label: string;
  /** Where the part starts and ends in the run's `text`, for detectors that read the words around it. */
  start: number;
  end: number;
}

export interface NumericRun {
  /** The run's parts, in order; consecutive parts were separated by exactly one space. */
  parts: NumericPart[];
  /** The text that was scanned (the input with UUIDs masked); parts' positions refer to it. */
  text: string;
}

const UUID_SHAPE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A UUID written without hyphens: exactly 32 hex digits not inside a longer alphanumeric token. */
const HYPHENLESS_UUID_SHAPE = /(?<![0-9A-Za-z])[0-9a-f]{32}(?![0-9A-Za-z])/gi;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isLetter = (c: string | undefined): boolean => c !== undefined && /[A-Za-z]/.test(c);
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);
const isSeparator = (c: string | undefined): boolean => c === "-" || c === "." || c === "_" || c === " ";

/** Every digit run in `text`, with UUID-shaped substrings masked first. */
export function numericRuns(input: string): NumericRun[] {
  const text = input.replace(UUID_SHAPE, "uuid").replace(HYPHENLESS_UUID_SHAPE, "uuid");
  const runs: NumericRun[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i])) {
      i++;
      continue;
    }
    const start = i;
    // Collect groups and the separators between them.
    const groups: string[] = [];
    const separators: string[] = [];
    const groupStarts: number[] = [];
    for (;;) {
      let end = i;
      while (isDigit(text[end])) end++;
      groupStarts.push(i);
      groups.push(text.slice(i, end));
      i = end;
      if (isSeparator(text[i]) && isDigit(text[i + 1])) {
        separators.push(text[i]!);
        i++;
        continue;
      }
      break;
    }
    const parts = splitParts(groups, separators, groupStarts);
    const first = parts[0]!;
    const last = parts[parts.length - 1]!;
    if (isGlued(text[start - 1], text[start - 2])) first.inIdentifier = true;
    if (isGlued(text[i], text[i + 1])) last.inIdentifier = true;
    first.label = labelBefore(text, start);
    runs.push({ parts, text });
  }
  return runs;
}

/** `next` is the character touching the run, `beyond` the one after it (outwards). */
function isGlued(next: string | undefined, beyond: string | undefined): boolean {
  return isWordChar(next) || (next === "-" && isWordChar(beyond));
}

/** The letters ending at `start`, skipping one `-` or `_` joiner right before it. */
function labelBefore(text: string, start: number): string {
  let end = start;
  if (text[end - 1] === "-" || text[end - 1] === "_") end--;
  let begin = end;
  while (isLetter(text[begin - 1])) begin--;
  return text.slice(begin, end);
}

function splitParts(groups: string[], separators: string[], groupStarts: number[]): NumericPart[] {
  const newPart = (group: string, start: number): NumericPart => ({
    groups: [group],
    separators: [],
    digits: group,
    inIdentifier: false,
    label: "",
    start,
    end: start + group.length,
  });
  const parts: NumericPart[] = [];
  let current = newPart(groups[0]!, groupStarts[0]!);
  for (let k = 0; k < separators.length; k++) {
    const separator = separators[k]!;
    const group = groups[k + 1]!;
    const start = groupStarts[k + 1]!;
    if (separator === " ") {
      parts.push(current);
      current = newPart(group, start);
    } else {
      current.groups.push(group);
      current.separators.push(separator);
      current.digits += group;
      current.end = start + group.length;
    }
  }
  parts.push(current);
  return parts;
}
