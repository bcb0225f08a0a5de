import type { ErrorDetail } from "../errors/service-error.js";
import type { PlacedReferenceReads } from "../ports/tool-stores.js";
import { ACCOUNT_NUMBERING, nameWithin, type RowNumbering } from "./row-numbering.js";

/** References looked up per statement between turns: a file of 100,000 is 50 short reads. */
const REFERENCES_PER_LOOKUP = 2000;

/**
 * The one rule for placing accounts on a Desk, for `/api/v1` batches and draft approvals alike:
 * a reference may appear once in a batch, and never one the Desk has already placed. Returns one
 * problem per offending item (its `row` and name by `numbering`, its field by `fieldOf`), in order.
 * `index` is the item's place in the batch as sent. A field is named only for a problem: a file of
 * 100,000 rows needs no 100,000 field names to find none.
 */
export async function findPlacementConflicts(
  stores: PlacedReferenceReads,
  deskId: string,
  items: ReadonlyArray<{ reference: string; index: number }>,
  fieldOf: (index: number) => string,
  numbering: RowNumbering = ACCOUNT_NUMBERING,
  pace: () => Promise<void> = async () => {},
): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const firstIndex = new Map<string, number>();
  for (const item of items) {
    const seen = firstIndex.get(item.reference);
    if (seen === undefined) firstIndex.set(item.reference, item.index);
    else {
      problems.push({
        code: "duplicate_reference",
        message: `${numbering.name(item.index)} repeats the reference of ${nameWithin(numbering, seen)}; each reference may appear once.`,
        field: fieldOf(item.index),
        row: numbering.number(item.index),
      });
    }
  }
  const references = [...firstIndex.keys()];
  const placed = new Set<string>();
  for (let start = 0; start < references.length; start += REFERENCES_PER_LOOKUP) {
    for (const reference of await stores.placements.placedReferences(deskId, references.slice(start, start + REFERENCES_PER_LOOKUP))) placed.add(reference);
    await pace();
  }
  for (const item of items) {
    if (placed.has(item.reference) && firstIndex.get(item.reference) === item.index) {
      problems.push({
        code: "reference_conflict",
        message: `${numbering.name(item.index)}: this Desk has already placed an account with this reference.`,
        field: fieldOf(item.index),
        row: numbering.number(item.index),
      });
    }
  }
  return problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}
