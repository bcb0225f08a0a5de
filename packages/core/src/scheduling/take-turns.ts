/**
 * Long work (a file of 100,000 rows, 100,000 workflow runs, an export) shares the process with every
 * other request (issue 47). On a synchronous driver (better-sqlite3) an `await` on the store settles
 * as a microtask, so a loop of awaits never lets the event loop read another request; the loop must
 * hand the turn back with a macrotask. The host says how (Node: `setImmediate`); core, which runs in
 * any JavaScript runtime, falls back on `setTimeout(0)`, a macrotask everywhere.
 */
export type TakeTurn = () => Promise<void>;

export const takeTurnWithTimer: TakeTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Most CPU one slice of long work uses before others get their turn. A few milliseconds: others wait
 * at most about this long, and the turns themselves cost little against it.
 */
export const SLICE_BUDGET_MS = 8;

/**
 * A loop's pacer: call it as often as is cheap (every row); it hands the turn over once the current
 * slice has used its budget, and starts a new slice after.
 */
export function pacer(takeTurn: TakeTurn = takeTurnWithTimer, budgetMs = SLICE_BUDGET_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < budgetMs) return;
    await takeTurn();
    sliceStart = performance.now();
  };
}
