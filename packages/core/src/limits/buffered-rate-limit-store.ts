import type { RateLimitStore } from "../ports/domain-stores.js";

interface WindowCount {
  /** The shared count the database returned at the last write. */
  shared: number;
  /** Requests counted here since then, not yet written. */
  pending: number;
}

export interface BufferedRateLimitStore extends RateLimitStore {
  /**
   * Writes every pending count now (also runs on its own every `flushMs`). Never rejects: when the
   * database cannot be written, the counts stay pending for the next flush.
   */
  flush(): Promise<void>;
}

/**
 * Keeps the per-grant count in the database without a write per request: the first request of a
 * key in a window is counted in the database at once (learning what other processes counted),
 * later ones are added locally and written together every `flushMs`. Within one process the count
 * is exact; across processes each one sees the others' requests at most `flushMs` late, so a burst
 * spread over several processes can pass the limit by what they serve in that interval.
 */
export function bufferedRateLimitStore(inner: RateLimitStore, flushMs = 100): BufferedRateLimitStore {
  const counts = new Map<string, WindowCount & { key: string; windowStart: string }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function writePending(): Promise<void> {
    timer = undefined;
    for (const [id, entry] of counts) {
      const amount = entry.pending;
      if (amount > 0) {
        entry.pending -= amount;
        try {
          entry.shared = await inner.hit(entry.key, entry.windowStart, amount);
        } catch {
          // The database is away: keep counting here and try again at the next flush.
          entry.pending += amount;
          return;
        }
      }
      // A window that has ended can be forgotten once written: no request will count in it again.
      if (entry.pending === 0 && entry.windowStart < latestWindow()) counts.delete(id);
    }
  }

  function latestWindow(): string {
    let latest = "";
    for (const entry of counts.values()) if (entry.windowStart > latest) latest = entry.windowStart;
    return latest;
  }

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    flushing = flushing.then(writePending, writePending);
    return flushing;
  }

  return {
    async hit(key, windowStart, amount = 1) {
      const id = `${key}\u0000${windowStart}`;
      const entry = counts.get(id);
      if (entry === undefined) {
        const shared = await inner.hit(key, windowStart, amount);
        const existing = counts.get(id);
        if (existing !== undefined) {
          // Another request of this process started the window meanwhile; keep the larger view.
          existing.shared = Math.max(existing.shared, shared);
          return existing.shared + existing.pending;
        }
        counts.set(id, { key, windowStart, shared, pending: 0 });
        return shared;
      }
      entry.pending += amount;
      if (timer === undefined) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
      return entry.shared + entry.pending;
    },
    flush,
  };
}
