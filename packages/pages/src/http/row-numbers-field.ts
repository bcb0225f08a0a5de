import { ServiceError } from "@connector/core";

/**
 * A CSV file's spreadsheet row numbers (core's `readCsvRows`), carried from the preview to Save in
 * one hidden field, so a problem found on saving names the row the preview read. Written as runs
 * ("2-40 42-1001"): a file without blank lines is one run, so the field stays a few bytes within the
 * form's 64 KiB.
 */
export function rowNumbersField(numbers: readonly number[]): string {
  const runs: string[] = [];
  let start = numbers[0];
  for (let index = 1; index <= numbers.length; index++) {
    const previous = numbers[index - 1]!;
    if (numbers[index] === previous + 1) continue;
    runs.push(start === previous ? String(previous) : `${start}-${previous}`);
    start = numbers[index];
  }
  return runs.join(" ");
}

/**
 * The field read back for `count` rows: empty for rows typed or sent as JSON (named by place), else
 * one number a row, rising. Anything else (the field is the browser's to send) is refused as the
 * rows are.
 */
export function readRowNumbersField(text: string, count: number): number[] | undefined {
  if (text === "") return undefined;
  const numbers: number[] = [];
  for (const run of text.split(" ")) {
    const bounds = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(run);
    const first = Number(bounds?.[1]);
    const last = Number(bounds?.[2] ?? bounds?.[1]);
    const previous = numbers.at(-1) ?? 1;
    // Checked before the run is written out, so a huge run is refused without being expanded.
    if (bounds === null || first <= previous || last < first || numbers.length + (last - first + 1) > count) throw unreadable();
    for (let number = first; number <= last; number++) numbers.push(number);
  }
  if (numbers.length !== count) throw unreadable();
  return numbers;
}

const unreadable = () => new ServiceError("invalid_input", "The preview could not be read back. Preview the accounts again.");
