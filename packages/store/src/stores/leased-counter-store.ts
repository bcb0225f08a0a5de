import type { FixedWindowCounterStore } from "@connector/core/ports";
import type { CounterLeaseStore, LeaseGrant } from "./counter-lease-store.js";

export interface LeasedCounterOptions {
  /** The budget of one key in one window (the per-grant limit). */
  limit: number;
  /** A lease's allowance, used or not, is settled with the shared count this long after it was taken, at the latest (default 500 ms). */
  leaseMs?: number;
  /** How often leases are looked at for settling (default 100 ms). */
  sweepMs?: number;
  /** The largest lease (default 100 calls). */
  maxLease?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

export interface LeasedCounterStore extends FixedWindowCounterStore {
  /** Settles every lease now (on shutdown): unused allowance goes back to the shared count. */
  close(): Promise<void>;
}

interface Lease {
  granted: number;
  used: number;
  takenAt: number;
}

interface Entry {
  key: string;
  windowStart: string;
  lease: Lease | undefined;
  /** The shared count as last seen. */
  shared: number;
  /** Nothing more can be had in this window: every lease is used, or its holder is gone. */
  spent: boolean;
  waiting: Array<{ resolve(count: number): void; reject(error: unknown): void }>;
  /** One statement at a time per key and window. */
  busy: boolean;
  /** The statements under way for this entry (shutdown waits for them). */
  work: Promise<void>;
}

/** A lease is at most this share of what is left in the window, so leases shrink as the budget runs low. */
const SHARE_OF_REMAINING = 8;
/** How often a process short of allowance asks again while another's lease may still come back. */
const RETRY_MS = 25;
/**
 * Slack for clocks and a slow sweep before an unsettled lease is taken for one whose process is gone.
 * 2 s, not less: on a loaded machine a live process can go unscheduled for several hundred
 * milliseconds, and with 200 ms another process gave up on its lease and refused calls under the
 * limit (5 of 120, in the cluster suite run beside other suites on 2 cores: issue 21). Waiting longer
 * costs only when a process was killed holding a lease and the budget is otherwise spent.
 */
const STALE_SLACK_MS = 2000;

/**
 * Exact per-key limits across processes without a database write per call: a process takes the
 * window's allowance from the shared count in leases (one statement per lease) and serves calls
 * from the lease in memory. A lease is what the key's pace would use in `leaseMs`, at most an eighth
 * of what is left (and `maxLease`), but at least what is queued, so leases shrink to single calls as
 * the budget runs low. What a lease did not use goes back to the count within `leaseMs` + `sweepMs`
 * of its take; a used-up lease is settled by the next take, in the same statement.
 *
 * The count never passes the limit, so no window serves more than `limit` calls. A call finding
 * the budget spent while another process holds a lease waits (asking again every 25 ms) until that
 * lease is settled or could no longer hold unused allowance (`leaseMs` + `sweepMs` + 2 s after the newest grant),
 * so a call under the limit is refused only when that other process was killed holding the lease:
 * a killed process loses what was left of its leases (at most `maxLease` or an eighth of what was
 * left, per key) until the window ends. A refusal when nothing is outstanding holds for the window,
 * without another statement.
 */
export function leasedCounterStore(leases: CounterLeaseStore, options: LeasedCounterOptions): LeasedCounterStore {
  const { limit } = options;
  const leaseMs = options.leaseMs ?? 500;
  const sweepMs = options.sweepMs ?? 100;
  const maxLease = options.maxLease ?? 100;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let newestWindow = "";
  let timer: NodeJS.Timeout | undefined;

  /** The count this process can state: the shared one, less its own allowance not yet used. */
  const countOf = (entry: Entry) => entry.shared - (entry.lease === undefined ? 0 : entry.lease.granted - entry.lease.used);

  /**
   * What the key's recent pace would use in `leaseMs` (nothing known: one call), at most an eighth of
   * what is left and `maxLease`, at least the calls waiting. A grant calling now and then takes one
   * call at a time (one statement per call, the used-up lease settled with the next take); a busy one
   * takes up to `maxLease`.
   */
  function leaseSize(entry: Entry, at: number): number {
    const share = Math.ceil(Math.max(0, limit - entry.shared) / SHARE_OF_REMAINING);
    const last = entry.lease;
    const pace = last === undefined || last.used === 0 ? 1 : Math.ceil((last.used * leaseMs) / Math.max(1, at - last.takenAt));
    return Math.max(1, entry.waiting.length, Math.min(maxLease, share, pace));
  }

  function serve(entry: Entry): void {
    const lease = entry.lease;
    while (lease !== undefined && lease.used < lease.granted && entry.waiting.length > 0) {
      lease.used += 1;
      entry.waiting.shift()!.resolve(countOf(entry));
    }
  }

  function refuseWaiting(entry: Entry): void {
    for (const waiter of entry.waiting.splice(0)) waiter.resolve(limit + 1);
  }

  /** Takes leases until every queued call is served or the budget is known to be spent. */
  async function refill(entry: Entry): Promise<void> {
    const giveUpAt = now() + leaseMs + sweepMs + STALE_SLACK_MS;
    while (entry.waiting.length > 0) {
      const settled = entry.lease?.granted ?? 0;
      const takenAt = now();
      const wanted = leaseSize(entry, takenAt);
      const grant: LeaseGrant = await leases.take({
        key: entry.key,
        windowStart: entry.windowStart,
        wanted,
        limit,
        settled,
        now: takenAt,
      });
      entry.lease = { granted: grant.granted, used: 0, takenAt };
      entry.shared = grant.count;
      serve(entry);
      if (entry.waiting.length === 0 || grant.granted > 0) continue;
      // Spent. Another process's lease may still come back, unless it could no longer be live.
      const othersOutstanding = grant.outstanding;
      const othersLive = othersOutstanding > 0 && now() - grant.leasedAt < leaseMs + sweepMs + STALE_SLACK_MS;
      if (!othersLive) {
        entry.spent = true;
        refuseWaiting(entry);
      } else if (now() >= giveUpAt) {
        refuseWaiting(entry);
      } else {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  function pump(entry: Entry): void {
    if (entry.busy || entry.waiting.length === 0) return;
    entry.busy = true;
    entry.work = refill(entry)
      .catch((error: unknown) => {
        for (const waiter of entry.waiting.splice(0)) waiter.reject(error);
      })
      .finally(() => {
        entry.busy = false;
        pump(entry);
        schedule();
      });
  }

  async function settle(entry: Entry): Promise<void> {
    const lease = entry.lease;
    if (lease === undefined || entry.busy) return;
    entry.busy = true;
    // Off the books before the statement, so no call uses allowance that is being handed back.
    entry.lease = undefined;
    try {
      await leases.settle({ key: entry.key, windowStart: entry.windowStart, granted: lease.granted, unused: lease.granted - lease.used });
      entry.shared -= lease.granted - lease.used;
    } catch {
      // The database is away: the lease, used up as far as this process goes, is settled with the next take.
      entry.lease = { ...lease, used: lease.granted };
    } finally {
      entry.busy = false;
      pump(entry);
    }
  }

  async function sweep(all: boolean): Promise<void> {
    timer = undefined;
    const cutoff = now() - leaseMs;
    const settling: Promise<void>[] = [];
    for (const [id, entry] of entries) {
      if (entry.windowStart < newestWindow && !entry.busy) {
        // A past window's count no longer decides anything.
        entries.delete(id);
      } else if (entry.lease !== undefined && (all || (entry.lease.takenAt <= cutoff && entry.lease.used < entry.lease.granted))) {
        // Unused allowance goes back; a used-up lease is settled by the next take (or at shutdown), and
        // until then only makes a short process wait until it could no longer be live.
        settling.push(settle(entry));
      } else if (entry.lease === undefined && !entry.busy && !entry.spent && entry.waiting.length === 0) {
        entries.delete(id);
      }
    }
    await Promise.all(settling);
    schedule();
  }

  function schedule(): void {
    if (timer !== undefined || entries.size === 0) return;
    timer = setTimeout(() => void sweep(false), sweepMs);
    timer.unref();
  }

  return {
    hit(key, windowStart, amount = 1) {
      if (amount !== 0 && amount !== 1) throw new Error("A leased count takes one call at a time.");
      if (windowStart > newestWindow) newestWindow = windowStart;
      const id = `${key}\u0000${windowStart}`;
      let entry = entries.get(id);
      if (entry === undefined) {
        entry = { key, windowStart, lease: undefined, shared: 0, spent: false, waiting: [], busy: false, work: Promise.resolve() };
        entries.set(id, entry);
        schedule();
      }
      if (entry.spent) return Promise.resolve(limit + 1);
      if (amount === 0) return Promise.resolve(countOf(entry));
      const lease = entry.lease;
      if (lease !== undefined && lease.used < lease.granted && entry.waiting.length === 0) {
        lease.used += 1;
        return Promise.resolve(countOf(entry));
      }
      const queued = entry;
      return new Promise<number>((resolve, reject) => {
        queued.waiting.push({ resolve, reject });
        pump(queued);
      });
    },
    async close() {
      if (timer !== undefined) clearTimeout(timer);
      await Promise.all([...entries.values()].map((entry) => entry.work));
      await sweep(true);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
