import { sql } from "kysely";
import type { Database } from "./database.js";

/** One advisory-lock key for the start-up work of every process on the database ("connstart" in ASCII). */
const STARTUP_LOCK_KEY = 0x636f6e6e7374;

/** How long a starting process waits for another one's migrations and demo seed before giving up. */
const STARTUP_LOCK_WAIT = "120s";

/**
 * Runs start-up work (migrations, demo seed) while holding a PostgreSQL session advisory lock, so
 * processes starting together on one empty database take turns: the first migrates and seeds, the
 * others find the work done. The lock lives on one pooled connection for the duration and is
 * released by `pg_advisory_unlock`, or by PostgreSQL when a process dies holding it.
 *
 * SQLite needs no lock here: a SQLite file belongs to one server process (several processes need
 * PostgreSQL), and its transactions already serialise writers.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== "postgres") return work();
  return database.db.connection().execute(async (connection) => {
    // The pool's statement_timeout is for requests; waiting for another process's seed may take longer.
    await sql`select set_config('statement_timeout', ${STARTUP_LOCK_WAIT}, false)`.execute(connection);
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
