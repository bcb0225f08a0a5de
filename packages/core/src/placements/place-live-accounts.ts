import { ServiceError } from "../errors/service-error.js";
import type { DomainStores } from "../ports/domain-stores.js";
import type { NewPlacement } from "../ports/back-office-stores.js";
import { batchError } from "../back-office/batch-error.js";
import { findPlacementConflicts } from "./placement-conflicts.js";
import { ACCOUNT_NUMBERING, type RowNumbering } from "./row-numbering.js";

/**
 * Adds live accounts to a Desk inside the caller's transaction, all or none: conflicts (repeated or
 * already placed references) refuse the whole set, each reported; a reference placed by a
 * concurrent request between the check and the insert refuses it too.
 */
export async function placeLiveAccounts(
  stores: DomainStores,
  deskId: string,
  placements: readonly NewPlacement[],
  fieldOf: (index: number) => string,
  what: string,
  numbering: RowNumbering = ACCOUNT_NUMBERING,
): Promise<void> {
  const problems = await findPlacementConflicts(
    stores,
    deskId,
    placements.map((placement, index) => ({ reference: placement.reference, index })),
    fieldOf,
    numbering,
  );
  if (problems.length > 0) throw batchError(problems, what);
  const inserted = await stores.placements.insert(placements);
  if (inserted.length !== placements.length) {
    throw new ServiceError("reference_conflict", "Another request placed some of these references at the same time; nothing was saved. Try again.");
  }
}
