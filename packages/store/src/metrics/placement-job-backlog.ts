import type { Database } from "../database/database.js";

/** Placement jobs not yet done, for the operator's gauges (no desk or file named). */
export interface PlacementJobBacklog {
  /** Files checking, saving, or placed with accounts still to release. */
  unfinished: number;
  /** When the oldest of them was created (ISO 8601); undefined when none. */
  oldestCreatedAt: string | undefined;
}

/**
 * One count over `placement_jobs` (a row per file placed as a job, so a small table) with the
 * store's own rule for an unfinished job: checking, saving, or placed and not yet released.
 */
export async function readPlacementJobBacklog(database: Database): Promise<PlacementJobBacklog> {
  const row = await database.db
    .selectFrom("placement_jobs")
    .select(({ fn }) => [fn.countAll<number | string>().as("jobs"), fn.min("created_at").as("oldest")])
    .where((eb) => eb.or([eb("state", "in", ["checking", "saving"]), eb.and([eb("state", "=", "placed"), eb("released", "=", 0)])]))
    .executeTakeFirst();
  return { unfinished: Number(row?.jobs ?? 0), oldestCreatedAt: row?.oldest ?? undefined };
}
