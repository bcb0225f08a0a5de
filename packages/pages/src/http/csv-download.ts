import { stringify } from "csv-stringify/sync";

/**
 * Cells a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, and tab or carriage return, which
 * some read the same way) get a leading apostrophe, so an account's reference or name cannot run as
 * a formula in the owner's spreadsheet (OWASP "CSV injection"). Everything else is kept as it is.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A CSV file to download: its name and its text, written by csv-stringify (quoting, line ends). */
export interface CsvDownload {
  filename: string;
  body: string;
}

/** A header row and the rows, each cell neutralised, as one CSV text. */
export function csvDownload(filename: string, header: readonly string[], rows: Iterable<readonly (string | number | null)[]>): CsvDownload {
  const records = [header, ...[...rows].map((row) => row.map((cell) => (cell === null ? "" : neutraliseFormula(String(cell)))))];
  return { filename, body: stringify(records, { record_delimiter: "windows" }) };
}
