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

/**
 * How many items (rows, accounts, runs) the next transaction of long work takes, so that each takes
 * about `targetMs`: a database statement cannot be cut in the middle, so its size is what keeps a
 * slice short. Starts small, then follows the time per item measured over the last few slices. The
 * median, not the mean: one slow commit (SQLite checkpointing its log to disk, another process's
 * I/O) would otherwise shrink the slices, and many more commits would cost more than it did.
 */
export class SliceSizer {
  readonly #recent: number[] = [];

  constructor(
    private readonly bounds: { first: number; min: number; max: number },
    private readonly targetMs = SLICE_BUDGET_MS,
  ) {}

  get size(): number {
    if (this.#recent.length === 0) return this.bounds.first;
    const perItem = [...this.#recent].sort((a, b) => a - b)[Math.floor(this.#recent.length / 2)]!;
    return Math.max(this.bounds.min, Math.min(this.bounds.max, Math.floor(this.targetMs / perItem)));
  }

  /** Runs one slice of `items` items and learns from its time. */
  async measure<T>(items: number, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    if (items > 0) {
      this.#recent.push(Math.max((performance.now() - started) / items, 1e-4));
      if (this.#recent.length > RECENT_SLICES) this.#recent.shift();
    }
    return result;
  }
}

/** Slices whose time per item is remembered. */
const RECENT_SLICES = 9;
