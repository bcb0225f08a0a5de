import { parse } from "csv-parse/sync";
import { ServiceError } from "../errors/service-error.js";
import { PLACEMENT_COLUMNS } from "./placement-rows.js";

/** Columns every placement row needs; without them every row would be refused, one problem each. */
const REQUIRED_COLUMNS = ["reference", "name"] as const;

/** What a wrong header row is told, in a person's words; the header's own cells are never echoed (they may be an account's data). */
const HEADER_RULE = `The first row must be the header, naming the columns: ${PLACEMENT_COLUMNS.join(", ")} (reference and name are needed; any order).`;

/** Characters of CSV parsed at once: a few milliseconds of csv-parse's work. */
const PIECE_CHARS = 128 * 1024;

/** Rows read from CSV, each with the row number a spreadsheet shows beside it (`row-numbering.ts`). */
export interface CsvRows {
  rows: Record<string, string>[];
  /** The header is row 1; blank lines are counted, as a spreadsheet shows them; a cell holding line breaks is one row. */
  rowNumbers: number[];
}

/**
 * Placement rows sent as CSV (`POST /api/v1/placements` as text/csv, the place screen's upload, a
 * file sent in parts): a header row, then one object per data row, keyed by column, parsed by
 * csv-parse (never by hand: quotes, embedded commas and newlines, a BOM; its sync API needs no Node
 * module). Blank lines are skipped; a row with more or fewer cells than the header is the caller's
 * to fix. A header with a column other than these, or without reference and name, is refused
 * once, rather than every row for it.
 */
export function readCsvRows(text: string): CsvRows {
  const read: CsvRows = { rows: [], rowNumbers: [] };
  for (const piece of csvRecordPieces(text)) append(read, piece);
  return read;
}

function append(read: CsvRows, piece: CsvRows): void {
  for (const row of piece.rows) read.rows.push(row);
  for (const number of piece.rowNumbers) read.rowNumbers.push(number);
}

type ParsedRecord = { record: Record<string, string>; info: { records: number; empty_lines: number } };

/**
 * The text's records, parsed a piece at a time. A piece ends at a line break outside quotes: in CSV
 * a quote inside a quoted cell is doubled, so a line break is between records exactly when the
 * quotes before it are even in number. The first piece's first record is the header; later pieces
 * are read with its columns. A problem's line counts the lines of the pieces before, and a row's
 * spreadsheet number the rows (data rows and blank lines) before its piece.
 */
function* csvRecordPieces(text: string): Generator<CsvRows> {
  let header: string[] | undefined;
  let lines = 0;
  // Spreadsheet rows before the piece: the header's, then each piece's data rows and blank lines.
  let rowsBefore = 1;
  for (const piece of cutAtRecordBreaks(text, PIECE_CHARS)) {
    let records: ParsedRecord[];
    try {
      records = parse(piece, {
        bom: header === undefined,
        columns:
          header ??
          ((cells: string[]) => {
            header = cells.map((name) => name.trim().toLowerCase());
            return header;
          }),
        skip_empty_lines: true,
        trim: false,
        info: true,
      }) as ParsedRecord[];
    } catch (error) {
      const line = (error as { lines?: number }).lines;
      throw new ServiceError(
        "invalid_input",
        `The CSV could not be read${line === undefined ? "" : ` at line ${lines + line}`}: check quotes and that every row has as many cells as the header.`,
        { field: "body" },
      );
    }
    if (lines === 0) assertKnownHeader(header ?? []);
    lines += countLineBreaks(piece);
    // `info` counts this piece's data rows up to the record and the blank lines skipped before it.
    const rowNumbers = records.map(({ info }) => rowsBefore + info.records + info.empty_lines);
    const last = records.at(-1);
    if (last !== undefined) rowsBefore += last.info.records + last.info.empty_lines;
    yield { rows: records.map(({ record }) => record), rowNumbers };
  }
}

function assertKnownHeader(header: readonly string[]): void {
  const known: readonly string[] = PLACEMENT_COLUMNS;
  if (header.length > 0 && (header.some((name) => !known.includes(name)) || REQUIRED_COLUMNS.some((name) => !header.includes(name)))) {
    throw new ServiceError("invalid_input", HEADER_RULE, { field: "body" });
  }
}

/** Pieces of about `size` characters, each ending just after a line break outside quotes (or at the end). */
function* cutAtRecordBreaks(text: string, size: number): Generator<string> {
  let start = 0;
  let inQuotes = false;
  let scanned = 0;
  while (start < text.length) {
    let end = text.length;
    for (let at = scanned; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === 34) inQuotes = !inQuotes;
      else if (code === 10 && !inQuotes && at + 1 - start >= size) {
        end = at + 1;
        break;
      }
    }
    scanned = end;
    yield text.slice(start, end);
    start = end;
  }
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * A whole CSV file of accounts (the place screen's form, a file sent in parts): its rows, or why
 * there are none. An empty file and a header with no rows under it are told apart.
 */
export function readPlacementFile(text: string): CsvRows {
  assertNotEmpty(text);
  return withAccounts(readCsvRows(text));
}

/**
 * A whole file of accounts a piece at a time (about 128 KB of text each), with other requests answered
 * between pieces: what a file's job and its preview read, so no more than a piece of rows is held at once.
 */
export async function* placementFilePieces(text: string, pace: () => Promise<void>): AsyncGenerator<CsvRows> {
  assertNotEmpty(text);
  let rows = 0;
  for (const piece of csvRecordPieces(text)) {
    rows += piece.rows.length;
    yield piece;
    await pace();
  }
  if (rows === 0) throw headerAlone();
}

/** Characters scanned between two turns when counting a file's rows. */
const COUNT_CHARS = 1024 * 1024;

/**
 * How many rows of accounts a CSV text holds, for a job's progress before its rows are read: its
 * non-blank lines outside quotes, less the header (a cell holding line breaks is one row, as csv-parse
 * reads it). A scan of the text, a megabyte between turns.
 */
export async function countCsvRows(text: string, pace: () => Promise<void>): Promise<number> {
  let records = 0;
  let inQuotes = false;
  let lineHasContent = false;
  for (let start = 0; start < text.length; start += COUNT_CHARS) {
    const end = Math.min(start + COUNT_CHARS, text.length);
    for (let at = start; at < end; at++) {
      const code = text.charCodeAt(at);
      if (code === 34) inQuotes = !inQuotes;
      if (code === 10 && !inQuotes) {
        if (lineHasContent) records++;
        lineHasContent = false;
      } else if (!lineHasContent && code !== 13 && code !== 32 && code !== 9 && code !== 0xfeff) lineHasContent = true;
    }
    await pace();
  }
  if (lineHasContent) records++;
  return Math.max(records - 1, 0);
}

function assertNotEmpty(text: string): void {
  if (/^\uFEFF?\s*$/.test(text)) {
    throw new ServiceError("empty_file", "The file is empty: it has no header row and no accounts. Check you chose the right file.", {
      field: "file",
    });
  }
}

function withAccounts(read: CsvRows): CsvRows {
  if (read.rows.length === 0) throw headerAlone();
  return read;
}

const headerAlone = () => new ServiceError("empty_file", "The file has a header row but no accounts under it.", { field: "file" });
