/**
 * How the rows of one batch are named in its problems (issue 47), decided here once for every door.
 *
 * Rows read from CSV (a `text/csv` body, a file from the place screen, a file sent in parts) are
 * named by the number the person's spreadsheet shows beside the row: the header is row 1, so the
 * first account is row 2, and blank lines count, as a spreadsheet shows them. JSON accounts have no
 * spreadsheet row: they are named by their place in `accounts` counted from 1 ("Account 3"), and
 * `details[].row` is that place; the `field` path beside it (`accounts.2.amount`) counts from 0, as
 * JSON paths do.
 */
export interface RowNumbering {
  /** The row's number, as `details[].row` gives it. */
  readonly number: (index: number) => number;
  /** The row named at the start of a sentence: "Row 7" (CSV) or "Account 3" (JSON). */
  readonly name: (index: number) => string;
}

/** JSON accounts (and a draft's accounts): by place in `accounts`, from 1. */
export const ACCOUNT_NUMBERING: RowNumbering = {
  number: (index) => index + 1,
  name: (index) => `Account ${index + 1}`,
};

/** CSV rows, by the spreadsheet row each was read from (`readCsvRows`'s `rowNumbers`). */
export function spreadsheetNumbering(rowNumbers: readonly number[]): RowNumbering {
  // A row past the list (never, as the reader gives one number a row) is named as the next rows would be.
  const number = (index: number) => rowNumbers[index] ?? index + 2;
  return { number, name: (index) => `Row ${number(index)}` };
}

/** The numbering for rows sent with their spreadsheet rows (CSV), or without (JSON). */
export function rowNumberingOf(rowNumbers: readonly number[] | undefined): RowNumbering {
  return rowNumbers === undefined ? ACCOUNT_NUMBERING : spreadsheetNumbering(rowNumbers);
}

/** A row's name inside a sentence ("repeats the reference of row 3"). */
export const nameWithin = (numbering: RowNumbering, index: number): string => {
  const name = numbering.name(index);
  return name.charAt(0).toLowerCase() + name.slice(1);
};
