import { stringify } from "csv-stringify/sync";

/** One cell of an export as the route has it: text, a number, or nothing. */
export type CsvCell = string | number | null;

/**
 * A formula start (`=`, `+`, `-`, `@`, and tab or carriage return, which some spreadsheets read the
 * same way) at the start of the cell or just after a character some spreadsheet splits cells or rows
 * on: `,` (English), `;` (most of Europe), tab, a line break. A spreadsheet that splits on another
 * separator than ours ignores our quotes in the middle of its cell, so `a;=1+1` would be read there
 * as `a` and the formula `=1+1` (OWASP "CSV injection").
 */
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t\r\n])(?=[=+\-@\t\r])/g;

/**
 * Cells quoted beyond csv-stringify's own (`,`, `"`, and its record delimiter `\r\n` only): those
 * holding another locale's separator, or a line break of either kind alone.
 */
const OTHER_SEPARATORS = /[;\t\r\n]/;

/**
 * The one rule for what an export writes in a cell: a leading apostrophe before every formula start
 * a spreadsheet of any common locale would see, so an account's reference or name cannot run as a
 * formula in the owner's spreadsheet. Everything else is kept as it is.
 */
export function neutraliseFormula(cell: string): string {
  return cell.replace(FORMULA_AFTER_SEPARATOR, "$1'");
}

/** Rows as CSV text (Windows line ends, as spreadsheets write them): every cell neutralised, quoted where it holds any separator. */
export function csvRecords(rows: ReadonlyArray<readonly CsvCell[]>): string {
  const records = rows.map((row) => row.map((cell) => (cell === null ? "" : neutraliseFormula(String(cell)))));
  return stringify(records, { record_delimiter: "windows", quoted_match: OTHER_SEPARATORS });
}
