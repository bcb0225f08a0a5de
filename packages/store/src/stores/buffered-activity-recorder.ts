import type { ConnectionActivityRecorder } from "@connector/core";
import { ACTIVITY_KEPT_PER_CONNECTION } from "@connector/core/limits";
import type { ConnectionActivityEntry, ConnectionActivityStore } from "@connector/core/ports";
import { periodicFlush } from "./periodic-flush.js";

export interface BufferedActivityRecorder extends ConnectionActivityRecorder, Pick<ConnectionActivityStore, "listByGrant"> {
  /** Writes every buffered entry now (also runs on its own every `flushMs`); never rejects. */
  flush(): Promise<void>;
}

export interface BufferedActivityOptions {
  flushMs?: number;
  /** Most entries held while the database cannot be written; beyond it the oldest are dropped. */
  maxBuffered?: number;
  keep?: number;
}

/**
 * The connection activity trail without a write on the hot path: a tool call appends to memory
 * and a timer writes the batch (one transaction) every `flushMs`. Reading a trail first writes
 * what this process holds, so a person sees their agent's last call. The host flushes on clean
 * shutdown, so nothing is lost then; a crash loses at most `flushMs` of trail (docs/decisions.md).
 */
export function bufferedActivityRecorder(store: ConnectionActivityStore, options: BufferedActivityOptions = {}): BufferedActivityRecorder {
  const flushMs = options.flushMs ?? 250;
  const maxBuffered = options.maxBuffered ?? 10_000;
  const keep = options.keep ?? ACTIVITY_KEPT_PER_CONNECTION;
  let buffer: ConnectionActivityEntry[] = [];

  async function writeBuffered(): Promise<void> {
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return;
    try {
      await store.append(newestOfEachGrant(batch, keep), keep);
    } catch {
      // The database is away: keep the batch (bounded) for the next flush.
      buffer = [...batch, ...buffer].slice(-maxBuffered);
      schedule();
    }
  }

  const { schedule, flush } = periodicFlush(writeBuffered, flushMs);

  return {
    record(entry) {
      buffer.push(entry);
      if (buffer.length > maxBuffered) buffer.shift();
      schedule();
    },
    async listByGrant(grantId, limit) {
      await flush();
      return store.listByGrant(grantId, limit);
    },
    flush,
  };
}

/**
 * The batch without the entries the store would delete as soon as it wrote them: only each grant's
 * newest `keep` are kept, in order. A busy agent's hundreds of calls between flushes cost one
 * trail's worth of rows, not hundreds of inserts and deletes.
 */
function newestOfEachGrant(batch: ConnectionActivityEntry[], keep: number): ConnectionActivityEntry[] {
  const seen = new Map<string, number>();
  const newest: ConnectionActivityEntry[] = [];
  for (let index = batch.length - 1; index >= 0; index--) {
    const entry = batch[index]!;
    const count = seen.get(entry.grantId) ?? 0;
    if (count >= keep) continue;
    seen.set(entry.grantId, count + 1);
    newest.push(entry);
  }
  return newest.reverse();
}
