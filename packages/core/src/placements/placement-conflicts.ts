import type { ErrorDetail } from "../errors/service-error.js";
import type { PlacedReferenceReads } from "../ports/tool-stores.js";

/** References looked up per statement between turns: a file of 100,000 is 50 short reads. */
const REFERENCES_PER_LOOKUP = 2000;

/**
 * The one rule for placing accounts on a Desk, for `/api/v1` batches and draft approvals alike:
 * a reference may appear once in a batch, and never one the Desk has already placed. Returns one
 * problem per offending item (1-based `row`), in order.
 */
export async function findPlacementConflicts(
  stores: PlacedReferenceReads,
  deskId: string,
  items: ReadonlyArray<{ reference: string; row: number; field: string }>,
  pace: () => Promise<void> = async () => {},
): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const firstRow = new Map<string, number>();
  for (const item of items) {
    const seen = firstRow.get(item.reference);
    if (seen === undefined) firstRow.set(item.reference, item.row);
    else {
      problems.push({
        code: "duplicate_reference",
        message: `Row ${item.row} repeats the reference of row ${seen}; each reference may appear once.`,
        field: item.field,
        row: item.row,
      });
    }
  }
  const references = [...firstRow.keys()];
  const placed = new Set<string>();
  for (let start = 0; start < references.length; start += REFERENCES_PER_LOOKUP) {
    for (const reference of await stores.placements.placedReferences(deskId, references.slice(start, start + REFERENCES_PER_LOOKUP))) placed.add(reference);
    await pace();
  }
  for (const item of items) {
    if (placed.has(item.reference) && firstRow.get(item.reference) === item.row) {
      problems.push({
        code: "reference_conflict",
        message: `Row ${item.row}: this Desk has already placed an account with this reference.`,
        field: item.field,
        row: item.row,
      });
    }
  }
  return problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}
