import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";

/**
 * What the store knows of a desk's skip tracing. An account placed before the service recorded
 * skip-trace state has no state: nobody knows whether it was traced elsewhere.
 */
export interface SkipCount {
  accounts: number;
  notTraced: number;
  /** Accounts whose skip-trace state was never recorded. */
  unrecorded: number;
}

export type SkipAnswer =
  | { notSkipped: number; accounts: number }
  | { notSkipped: "unknown"; accounts: number; reason: string };

/**
 * GET /api/v1/inventory/skip: the number of this desk's accounts not yet skip-traced, counted from
 * recorded state only. When any account's state was never recorded the count cannot be known, and
 * the answer is `unknown` with the reason: never an estimate from the accounts that are known.
 */
export async function skipInventory(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<SkipAnswer> {
  assertDeskActor(actor);
  const count = await deps.stores.skip.skipCount(actor.deskId);
  if (count.unrecorded > 0) {
    return {
      notSkipped: "unknown",
      accounts: count.accounts,
      reason: `${count.unrecorded} of the desk's accounts have no recorded skip-trace state (placed before the service kept track).`,
    };
  }
  return { notSkipped: count.notTraced, accounts: count.accounts };
}
