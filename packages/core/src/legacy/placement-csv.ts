import { parse } from "csv-parse/sync";
import { ServiceError } from "../errors/service-error.js";
import { PLACEMENT_COLUMNS } from "./placement-rows.js";

/**
 * Placement rows sent as CSV (`POST /api/v1/placements` as text/csv, the place screen's upload): a
 * header row, then one object per data row, keyed by column, parsed by csv-parse (never by hand:
 * quotes, embedded commas and newlines, a BOM; its sync API needs no Node module). Blank lines are
 * skipped; a row with more or fewer cells than the header is the caller's to fix.
 */
export function readCsvRows(text: string, columns: readonly string[] = PLACEMENT_COLUMNS): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: false,
    }) as Record<string, string>[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ServiceError(
      "invalid_input",
      `The CSV could not be read${line === undefined ? "" : ` at line ${line}`}: check quotes and that every row has as many cells as the header.`,
      { field: "body" },
    );
  }
  const header = records.length === 0 ? [] : Object.keys(records[0]!);
  const unknown = header.find((name) => !columns.includes(name));
  if (unknown !== undefined) {
    throw new ServiceError("invalid_input", `The CSV header has a column this endpoint does not take; use ${columns.join(", ")}.`, {
      field: "body",
    });
  }
  return records;
}
