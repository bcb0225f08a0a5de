import type { PlacedReferenceReads } from "../ports/tool-stores.js";
import type { PlacementAccountItem } from "../schemas/placement-draft.js";
import { findPlacementConflicts } from "../placements/placement-conflicts.js";
import { rowField } from "../placements/placement-rows.js";

/** A reference of a placement draft that approving would refuse, and why. */
export interface DraftConflict {
  reference: string;
  /** `already_placed`: the Desk holds a live account with it; `repeated`: the draft has it more than once. */
  reason: "already_placed" | "repeated";
}

/**
 * The references that would stop a placement draft's approval, each named once, found by the one
 * placement rule (`findPlacementConflicts`) so the page warns of exactly what approval refuses.
 */
export async function draftConflicts(
  stores: PlacedReferenceReads,
  deskId: string,
  accounts: ReadonlyArray<Pick<PlacementAccountItem, "reference">>,
): Promise<DraftConflict[]> {
  const problems = await findPlacementConflicts(
    stores,
    deskId,
    accounts.map((account, index) => ({ reference: account.reference, index })),
    (index) => rowField(index, "reference"),
  );
  const conflicts = new Map<string, DraftConflict["reason"]>();
  for (const problem of problems) {
    // A draft's accounts are numbered by place (`ACCOUNT_NUMBERING`): row N is accounts[N - 1].
    const reference = accounts[(problem.row ?? 1) - 1]?.reference;
    if (reference === undefined) continue;
    // Placed already says more than repeated: it is why even one copy cannot be added.
    if (problem.code === "reference_conflict" || !conflicts.has(reference)) {
      conflicts.set(reference, problem.code === "reference_conflict" ? "already_placed" : "repeated");
    }
  }
  return [...conflicts].map(([reference, reason]) => ({ reference, reason }));
}
