import { parse } from "csv-parse/sync";
import { ServiceError } from "../errors/service-error.js";
import { PLACEMENT_COLUMNS } from "./placement-rows.js";

/** Columns every placement row needs; without them every row would be refused, one problem each. */
const REQUIRED_COLUMNS = ["reference", "name"] as const;

/** What a wrong header row is told, in a person's words; the header's own cells are never echoed (they may be an account's data). */
const HEADER_RULE = `The first row must be the header, naming the columns: ${PLACEMENT_COLUMNS.join(", ")} (reference and name are needed; any order).`;

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
  let header: string[] = [];
  let records: Array<{ record: Record<string, string>; info: { records: number; empty_lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      columns: (cells: string[]) => {
        header = cells.map((name) => name.trim().toLowerCase());
        return header;
      },
      skip_empty_lines: true,
      trim: false,
      info: true,
    }) as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ServiceError(
      "invalid_input",
      `The CSV could not be read${line === undefined ? "" : ` at line ${line}`}: check quotes and that every row has as many cells as the header.`,
      { field: "body" },
    );
  }
  const known: readonly string[] = PLACEMENT_COLUMNS;
  if (header.length > 0 && (header.some((name) => !known.includes(name)) || REQUIRED_COLUMNS.some((name) => !header.includes(name)))) {
    throw new ServiceError("invalid_input", HEADER_RULE, { field: "body" });
  }
  // The data rows before this one and the blank lines skipped so far (before the header too), after the header's row.
  return { rows: records.map(({ record }) => record), rowNumbers: records.map(({ info }) => info.records + info.empty_lines + 1) };
}

/**
 * A whole CSV file of accounts (the place screen's form, a file sent in parts): its rows, or why
 * there are none. An empty file and a header with no rows under it are told apart.
 */
export function readPlacementFile(text: string): CsvRows {
  if (text.replace(/^\uFEFF/, "").trim() === "") {
    throw new ServiceError("empty_file", "The file is empty: it has no header row and no accounts. Check you chose the right file.", {
      field: "file",
    });
  }
  const read = readCsvRows(text);
  if (read.rows.length === 0) {
    throw new ServiceError("empty_file", "The file has a header row but no accounts under it.", { field: "file" });
  }
  return read;
}
