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
  const conflicts = new ReferenceConflicts(fieldOf, numbering);
  conflicts.add(items);
  await conflicts.lookUp(stores, deskId, pace);
  return conflicts.problems();
}

/**
 * `findPlacementConflicts` for a batch that comes a part at a time (a file's job): each part's
 * references are `add`ed (a repeat of an earlier one is a problem at once) and `lookUp` finds which
 * the Desk has placed, so a job can look a part up before it saves the part.
 */
export class ReferenceConflicts {
  /** The first place of each reference in the batch. */
  private readonly firstIndex = new Map<string, number>();
  private readonly found: ErrorDetail[] = [];
  /** First places not yet looked up. */
  private waiting: Array<{ reference: string; index: number }> = [];

  constructor(
    private readonly fieldOf: (index: number) => string,
    private readonly numbering: RowNumbering,
  ) {}

  /** How many problems so far. */
  get count(): number {
    return this.found.length;
  }

  add(items: ReadonlyArray<{ reference: string; index: number }>): void {
    for (const item of items) {
      const seen = this.firstIndex.get(item.reference);
      if (seen === undefined) {
        this.firstIndex.set(item.reference, item.index);
        this.waiting.push(item);
        continue;
      }
      this.found.push({
        code: "duplicate_reference",
        message: `${this.numbering.name(item.index)} repeats the reference of ${nameWithin(this.numbering, seen)}; each reference may appear once.`,
        field: this.fieldOf(item.index),
        row: this.numbering.number(item.index),
      });
    }
  }

  /** Which references added since the last look the Desk has placed already, a statement per 2,000. */
  async lookUp(stores: PlacedReferenceReads, deskId: string, pace: () => Promise<void> = async () => {}): Promise<void> {
    const items = this.waiting;
    this.waiting = [];
    for (let start = 0; start < items.length; start += REFERENCES_PER_LOOKUP) {
      const slice = items.slice(start, start + REFERENCES_PER_LOOKUP);
      const placed = new Set(await stores.placements.placedReferences(deskId, slice.map((item) => item.reference)));
      for (const item of slice) {
        if (!placed.has(item.reference)) continue;
        this.found.push({
          code: "reference_conflict",
          message: `${this.numbering.name(item.index)}: this Desk has already placed an account with this reference.`,
          field: this.fieldOf(item.index),
          row: this.numbering.number(item.index),
        });
      }
      await pace();
    }
  }

  /** Every problem found, in row order. */
  problems(): ErrorDetail[] {
    return [...this.found].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  }
}
