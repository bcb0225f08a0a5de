import type { FixedWindowCounterStore } from "@connector/core/ports";
import { periodicFlush } from "./periodic-flush.js";

interface WindowCount {
  key: string;
  windowStart: string;
  /** The shared count the database returned at the last write. */
  shared: number;
  /** Requests being written right now (already part of the count, not yet of `shared`). */
  inFlight: number;
  /** Requests counted here since the last write began. */
  pending: number;
}

export interface BufferedCounterStore extends FixedWindowCounterStore {
  /**
   * Writes every pending count now (also runs on its own every `flushMs`). Never rejects: when the
   * database cannot be written, the counts stay pending for the next flush.
   */
  flush(): Promise<void>;
}

/**
 * Keeps a busy limit's counts (the per-grant one) in the database without a write per request: the first request of a
 * key in a window is counted in the database at once (learning what other processes counted),
 * later ones are added locally and written together every `flushMs`. Within one process the count
 * is exact; across processes each one sees the others' requests at most `flushMs` late, so a burst
 * spread over several processes can pass the limit by what they serve in that interval.
 * Windows older than the newest one are forgotten once written, so memory follows active grants.
 */
export function bufferedCounterStore(inner: FixedWindowCounterStore, flushMs = 100): BufferedCounterStore {
  const counts = new Map<string, WindowCount>();
  let newestWindow = "";

  async function writePending(): Promise<void> {
    for (const [id, entry] of counts) {
      if (entry.pending > 0) {
        entry.inFlight = entry.pending;
        entry.pending = 0;
        try {
          entry.shared = await inner.hit(entry.key, entry.windowStart, entry.inFlight);
        } catch {
          // The database is away: keep counting here and try again at the next flush.
          entry.pending += entry.inFlight;
        } finally {
          entry.inFlight = 0;
        }
      }
      if (entry.pending === 0 && entry.windowStart < newestWindow) counts.delete(id);
    }
    if (counts.size > 0) schedule();
  }

  const { schedule, flush } = periodicFlush(writePending, flushMs);

  const countOf = (entry: WindowCount) => entry.shared + entry.inFlight + entry.pending;

  return {
    async hit(key, windowStart, amount = 1) {
      if (windowStart > newestWindow) newestWindow = windowStart;
      const id = `${key}\u0000${windowStart}`;
      const entry = counts.get(id);
      if (entry !== undefined) {
        entry.pending += amount;
        schedule();
        return countOf(entry);
      }
      const shared = await inner.hit(key, windowStart, amount);
      const existing = counts.get(id);
      if (existing !== undefined) {
        // Another request of this process started the window meanwhile; keep the larger view.
        existing.shared = Math.max(existing.shared, shared);
        return countOf(existing);
      }
      counts.set(id, { key, windowStart, shared, inFlight: 0, pending: 0 });
      schedule();
      return shared;
    },
    flush,
  };
}
