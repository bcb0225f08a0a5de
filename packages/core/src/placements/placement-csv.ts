import { parse } from "csv-parse/sync";
import { ServiceError } from "../errors/service-error.js";
import { RecordBreakCutter } from "./csv-record-breaks.js";
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
  return readWholeText(text, { blankIsEmptyFile: false });
}

function readWholeText(text: string, options: { blankIsEmptyFile: boolean }): CsvRows {
  const read: CsvRows = { rows: [], rowNumbers: [] };
  const reader = new CsvPieceReader();
  for (const piece of reader.push(text)) append(read, piece);
  const last = reader.end(options);
  if (last !== undefined) append(read, last);
  return read;
}

function append(read: CsvRows, piece: CsvRows): void {
  for (const row of piece.rows) read.rows.push(row);
  for (const number of piece.rowNumbers) read.rowNumbers.push(number);
}

type ParsedRecord = { record: Record<string, string>; info: { records: number; empty_lines: number } };

/**
 * A CSV text's records, parsed a piece at a time as its text arrives (a whole text, or a file's parts
 * as they are decoded). A piece ends at a line break outside quotes (`RecordBreakCutter`). The first
 * piece's first record is the header; later pieces are read with its columns. A problem's line counts
 * the lines of the pieces before, and a row's spreadsheet number the rows (data rows and blank lines)
 * before its piece.
 */
class CsvPieceReader {
  private readonly cutter = new RecordBreakCutter(PIECE_CHARS);
  private header: string[] | undefined;
  private lines = 0;
  // Spreadsheet rows before the piece: the header's, then each piece's data rows and blank lines.
  private rowsBefore = 1;
  /** The text read so far while all of it is blank; undefined once any text is not. */
  private blankSoFar: string | undefined = "";

  /** The pieces that `text` completes. */
  *push(text: string): Generator<CsvRows> {
    for (const piece of this.cutter.push(text)) {
      const parsed = this.readUnlessBlank(piece);
      if (parsed !== undefined) yield parsed;
    }
  }

  /**
   * The last piece, when the text ends. A text that was all blank is a file's `empty_file` when the
   * caller reads files; otherwise it is parsed as it is.
   */
  end({ blankIsEmptyFile }: { blankIsEmptyFile: boolean }): CsvRows | undefined {
    const rest = this.cutter.end();
    const parsed = rest === undefined ? undefined : this.readUnlessBlank(rest);
    if (this.blankSoFar === undefined) return parsed;
    if (blankIsEmptyFile) throw emptyFile();
    return this.read(this.blankSoFar);
  }

  // Blank text is held until text that is not arrives, so a file with nothing in it is told as empty
  // (not as a wrong header), whatever its length; held text is at most the file.
  private readUnlessBlank(piece: string): CsvRows | undefined {
    if (this.blankSoFar === undefined) return this.read(piece);
    if (!/\S/.test(piece)) {
      this.blankSoFar += piece;
      return undefined;
    }
    const held = this.blankSoFar;
    this.blankSoFar = undefined;
    return this.read(held + piece);
  }

  private read(piece: string): CsvRows {
    let records: ParsedRecord[];
    try {
      records = parse(piece, {
        bom: this.header === undefined,
        columns:
          this.header ??
          ((cells: string[]) => {
            this.header = cells.map((name) => name.trim().toLowerCase());
            return this.header;
          }),
        skip_empty_lines: true,
        trim: false,
        info: true,
      }) as ParsedRecord[];
    } catch (error) {
      const line = (error as { lines?: number }).lines;
      throw new ServiceError(
        "invalid_input",
        `The CSV could not be read${line === undefined ? "" : ` at line ${this.lines + line}`}: check quotes and that every row has as many cells as the header.`,
        { field: "body" },
      );
    }
    if (this.lines === 0) assertKnownHeader(this.header ?? []);
    this.lines += countLineBreaks(piece);
    // `info` counts this piece's data rows up to the record and the blank lines skipped before it.
    const rowNumbers = records.map(({ info }) => this.rowsBefore + info.records + info.empty_lines);
    const last = records.at(-1);
    if (last !== undefined) this.rowsBefore += last.info.records + last.info.empty_lines;
    return { rows: records.map(({ record }) => record), rowNumbers };
  }
}

function assertKnownHeader(header: readonly string[]): void {
  const known: readonly string[] = PLACEMENT_COLUMNS;
  if (header.length > 0 && (header.some((name) => !known.includes(name)) || REQUIRED_COLUMNS.some((name) => !header.includes(name)))) {
    throw new ServiceError("invalid_input", HEADER_RULE, { field: "body" });
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
  return withAccounts(readWholeText(text, { blankIsEmptyFile: true }));
}

/**
 * A file of accounts read as its text arrives (a file's parts, decoded in turn), a piece of about
 * 128 KB at a time, with other requests answered between pieces: what a file's job and its preview
 * read, so no more than a part of the file and a piece of rows are held at once.
 */
export async function* placementFilePieces(texts: AsyncIterable<string>, pace: () => Promise<void>): AsyncGenerator<CsvRows> {
  const reader = new CsvPieceReader();
  let rows = 0;
  for await (const text of texts) {
    for (const piece of reader.push(text)) {
      rows += piece.rows.length;
      yield piece;
      await pace();
    }
  }
  const last = reader.end({ blankIsEmptyFile: true });
  if (last !== undefined) {
    rows += last.rows.length;
    yield last;
  }
  if (rows === 0) throw headerAlone();
}

/**
 * How many rows of accounts a CSV text holds, for a job's progress before its rows are read: its
 * non-blank lines outside quotes, less the header (a cell holding line breaks is one row, as csv-parse
 * reads it). A scan of the text as it arrives, a turn after each part.
 */
export async function countCsvRows(texts: AsyncIterable<string>, pace: () => Promise<void>): Promise<number> {
  let records = 0;
  let inQuotes = false;
  let lineHasContent = false;
  for await (const text of texts) {
    for (let at = 0; at < text.length; at++) {
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

const emptyFile = () =>
  new ServiceError("empty_file", "The file is empty: it has no header row and no accounts. Check you chose the right file.", { field: "file" });

function withAccounts(read: CsvRows): CsvRows {
  if (read.rows.length === 0) throw headerAlone();
  return read;
}

const headerAlone = () => new ServiceError("empty_file", "The file has a header row but no accounts under it.", { field: "file" });
