import type { FixedWindowCounterStore } from "@connector/core/ports";

/**
 * Spares the database the writes of calls that are refused anyway: once a key's count in a window
 * has passed `ceiling` (the limit its counts are held to), further hits of that key in that window
 * are answered from memory with the count last seen, without a write. Counts only grow within a
 * window, so every such call would have been refused; the decision is the same, only a client that
 * ignores 429s no longer costs an upsert per call. Windows older than the newest are forgotten.
 */
export function exhaustedWindowMemo(inner: FixedWindowCounterStore, ceiling: number): FixedWindowCounterStore {
  const exhausted = new Map<string, number>();
  let newestWindow = "";
  return {
    async hit(key, windowStart, amount = 1) {
      const id = `${key}\u0000${windowStart}`;
      const remembered = exhausted.get(id);
      if (remembered !== undefined) return remembered;
      const count = await inner.hit(key, windowStart, amount);
      if (count > ceiling) {
        if (windowStart > newestWindow) {
          newestWindow = windowStart;
          for (const old of exhausted.keys()) if (!old.endsWith(`\u0000${windowStart}`)) exhausted.delete(old);
        }
        exhausted.set(id, count);
      }
      return count;
    },
  };
}
