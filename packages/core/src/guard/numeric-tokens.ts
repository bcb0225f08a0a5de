/**
 * Splits free text into the digit runs the personal-data detectors look at, and decides which of them
 * "stand alone" (are written as a number of their own rather than as part of an identifier).
 *
 * A run is a maximal `D (S D)*` where D is a block of ASCII digits and S is one separator character,
 * `-`, `.` or a single space, with a digit on both sides. A run is cut at its spaces into parts: a part
 * is one or more digit groups joined by `-` or `.` ("2026-11-22", "1234.56", "123-45-6789").
 *
 * Only whole parts are ever examined, so a detector never matches a slice of a longer glued number
 * ("100000000.00" is not a 9-digit number, "41111111111111110000" holds no card). A window of several
 * space-separated parts is allowed ("4111 1111 1111 1111", "123 45 6789").
 *
 * A run touching a word character ([A-Za-z0-9_]) or hyphen-joined to one ("abc123456789",
 * "draft-1732212345678", "HRP-000123", the digit groups of a UUID) belongs to an identifier: its
 * outermost part on that side does not stand alone. UUIDs are also masked outright before scanning,
 * so no UUID can ever be read as a number.
 */

export interface NumericPart {
  /** Digit groups in order: "123-45-6789" → ["123", "45", "6789"]. */
  groups: string[];
  /** The `-` or `.` between consecutive groups (one fewer than groups). */
  separators: string[];
  /** Every digit of the part, separators removed. */
  digits: string;
  /** False when this part is glued to a word or hyphenated identifier on either side. */
  standalone: boolean;
}

export interface NumericRun {
  /** The run's parts, in order; consecutive parts were separated by exactly one space. */
  parts: NumericPart[];
}

const UUID_SHAPE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);
const isSeparator = (c: string | undefined): boolean => c === "-" || c === "." || c === " ";

/** Every digit run in `text`, with UUID-shaped substrings masked first. */
export function numericRuns(input: string): NumericRun[] {
  const text = input.replace(UUID_SHAPE, "uuid");
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
    for (;;) {
      let end = i;
      while (isDigit(text[end])) end++;
      groups.push(text.slice(i, end));
      i = end;
      if (isSeparator(text[i]) && isDigit(text[i + 1])) {
        separators.push(text[i]!);
        i++;
        continue;
      }
      break;
    }
    const gluedLeft = isGlued(text[start - 1], text[start - 2]);
    const gluedRight = isGlued(text[i], text[i + 1]);
    runs.push({ parts: splitParts(groups, separators, gluedLeft, gluedRight) });
  }
  return runs;
}

/** `next` is the character touching the run, `beyond` the one after it (outwards). */
function isGlued(next: string | undefined, beyond: string | undefined): boolean {
  return isWordChar(next) || (next === "-" && isWordChar(beyond));
}

function splitParts(groups: string[], separators: string[], gluedLeft: boolean, gluedRight: boolean): NumericPart[] {
  const parts: NumericPart[] = [];
  let current: NumericPart = { groups: [groups[0]!], separators: [], digits: groups[0]!, standalone: true };
  for (let k = 0; k < separators.length; k++) {
    const separator = separators[k]!;
    const group = groups[k + 1]!;
    if (separator === " ") {
      parts.push(current);
      current = { groups: [group], separators: [], digits: group, standalone: true };
    } else {
      current.groups.push(group);
      current.separators.push(separator);
      current.digits += group;
    }
  }
  parts.push(current);
  if (gluedLeft) parts[0]!.standalone = false;
  if (gluedRight) parts[parts.length - 1]!.standalone = false;
  return parts;
}
