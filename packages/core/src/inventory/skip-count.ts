import type { DeskCaller } from "../agency/desk-actor.js";
import type { BackOfficeContext } from "../agency/agency-operations.js";

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
export async function skipInventory(context: BackOfficeContext, actor: DeskCaller): Promise<SkipAnswer> {
  const count = await context.stores.skip.skipCount(actor.deskId);
  if (count.unrecorded > 0) {
    return {
      notSkipped: "unknown",
      accounts: count.accounts,
      reason: `${count.unrecorded} of the desk's accounts were placed before skip-trace state was recorded.`,
    };
  }
  return { notSkipped: count.notTraced, accounts: count.accounts };
}
