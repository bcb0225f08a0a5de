import { sql } from "kysely";
import type { Database } from "./database.js";

/** One advisory-lock key for the start-up work of every process on the database ("connst" in ASCII). */
const STARTUP_LOCK_KEY = 0x636f6e6e7374;

/** How long a starting process waits for another one's migrations and demo seed before giving up. */
const STARTUP_LOCK_WAIT_MS = 120_000;
const RETRY_EVERY_MS = 100;

/**
 * Runs start-up work (migrations, demo seed) while holding a PostgreSQL session advisory lock, so
 * processes starting together on one empty database take turns: the first migrates and seeds, the
 * others find the work done. The lock lives on one pooled connection for the duration and is
 * released by `pg_advisory_unlock`, or by PostgreSQL when a process dies holding it. It is taken
 * with `pg_try_advisory_lock` in a loop rather than a blocking `pg_advisory_lock`, so no statement
 * runs longer than the pool's statement timeout while another process seeds.
 *
 * SQLite needs no lock here: a SQLite file belongs to one server process (several processes need
 * PostgreSQL), and its transactions already serialise writers.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== "postgres") return work();
  return database.db.connection().execute(async (connection) => {
    const giveUpAt = Date.now() + STARTUP_LOCK_WAIT_MS;
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)}) as locked`.execute(
        connection,
      );
      if (rows[0]?.locked === true) break;
      if (Date.now() > giveUpAt) throw new Error("Another process held the start-up lock for too long; is one stuck migrating?");
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    }
  });
}
