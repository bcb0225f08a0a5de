import { type Kysely, sql } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

export interface LeaseTake {
  key: string;
  windowStart: string;
  /** How much allowance the process asks for. */
  wanted: number;
  /** The window's budget: the shared count never passes it. */
  limit: number;
  /** The process's previous lease, used up, settled in the same statement. */
  settled: number;
  /** Milliseconds since the epoch. */
  now: number;
}

export interface LeaseGrant {
  /** What the process got: `wanted`, less when the budget runs out, 0 when it is spent. */
  granted: number;
  /** The window's shared count after the take (allowance handed out, used or not). */
  count: number;
  /** Of `count`, allowance in leases not yet settled (this grant included). */
  outstanding: number;
  /** When the newest lease with allowance in it was granted (ms since the epoch). */
  leasedAt: number;
}

export interface LeaseSettle {
  key: string;
  windowStart: string;
  /** The lease's size. */
  granted: number;
  /** What of it was not used: given back to the window's budget. */
  unused: number;
}

/** The shared side of leased counting: one statement per take, one per hand-back. */
export interface CounterLeaseStore {
  take(request: LeaseTake): Promise<LeaseGrant>;
  settle(request: LeaseSettle): Promise<void>;
}

/**
 * Leases of a window's budget, taken from the same counter rows as every fixed-window limit. A take
 * is one upsert: what it grants is decided from the row as it was (SET expressions read the old
 * row in both PostgreSQL and SQLite), so concurrent takes by several processes never hand out more
 * than the limit between them, and the count never passes the limit. Values are cast so
 * PostgreSQL knows their types; the statement is short and runs once per lease, not per call.
 */
export function createCounterLeaseStore(db: Kysely<DatabaseSchema>): CounterLeaseStore {
  return {
    async take({ key, windowStart, wanted, limit, settled, now }) {
      const want = sql`cast(${wanted} as integer)`;
      const cap = sql`cast(${limit} as integer)`;
      const at = sql`cast(${now} as bigint)`;
      const left = sql`(${cap} - rate_limit_counters.count)`;
      const grant = sql`(case when ${left} <= 0 then 0 when ${left} < ${want} then ${left} else ${want} end)`;
      const first = Math.min(wanted, limit);
      const { rows } = await sql<{ count: number; outstanding: number; leased_at: number | string; last_granted: number }>`
        insert into rate_limit_counters (bucket_key, window_start, count, outstanding, leased_at, last_granted)
        values (${key}, ${windowStart}, ${first}, ${first}, ${at}, ${first})
        on conflict (bucket_key, window_start) do update set
          count = rate_limit_counters.count + ${grant},
          outstanding = (case when rate_limit_counters.outstanding < cast(${settled} as integer) then 0
                              else rate_limit_counters.outstanding - cast(${settled} as integer) end) + ${grant},
          leased_at = (case when ${grant} > 0 then ${at} else rate_limit_counters.leased_at end),
          last_granted = ${grant}
        returning count, outstanding, leased_at, last_granted`.execute(db);
      const row = rows[0]!;
      return { granted: Number(row.last_granted), count: Number(row.count), outstanding: Number(row.outstanding), leasedAt: Number(row.leased_at) };
    },
    async settle({ key, windowStart, granted, unused }) {
      await sql`
        update rate_limit_counters set
          count = rate_limit_counters.count - cast(${unused} as integer),
          outstanding = (case when rate_limit_counters.outstanding < cast(${granted} as integer) then 0
                              else rate_limit_counters.outstanding - cast(${granted} as integer) end)
        where bucket_key = ${key} and window_start = ${windowStart}`.execute(db);
    },
  };
}
