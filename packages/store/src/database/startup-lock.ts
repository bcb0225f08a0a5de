import { sql } from "kysely";
import pg from "pg";
import type { Database } from "./database.js";

/** One advisory-lock key for the start-up work of every process on the database ("connst" in ASCII). */
const STARTUP_LOCK_KEY = 0x636f6e6e7374;

/** How long a starting process waits for another one's migrations and demo seed before giving up. */
const STARTUP_LOCK_WAIT_MS = 120_000;
const RETRY_EVERY_MS = 100;

/**
 * Runs start-up work (migrations, demo seed) while holding a PostgreSQL session advisory lock, so
 * processes starting together on one empty database take turns: the first migrates and seeds, the
 * others find the work done. The lock lives on a connection of its own to `sessionUrl` (a session
 * lock needs one session throughout, which a transaction-pooling PgBouncer does not give: pass the
 * direct address there), held for the duration, and is released by `pg_advisory_unlock`, or by
 * PostgreSQL when a process dies holding it. It is taken with `pg_try_advisory_lock` in a loop
 * rather than a blocking `pg_advisory_lock`, so no statement waits long while another process seeds.
 * Without `sessionUrl` the lock is held on one of the pool's connections.
 *
 * SQLite needs no lock here: a SQLite file belongs to one server process (several processes need
 * PostgreSQL), and its transactions already serialise writers.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>, options: { sessionUrl?: string } = {}): Promise<T> {
  if (database.dialect !== "postgres") return work();
  if (options.sessionUrl === undefined) {
    return database.db.connection().execute((connection) => holdingLock((text) => sql.raw(text).execute(connection), work));
  }
  const client = new pg.Client({ connectionString: options.sessionUrl });
  // A lost lock connection fails the next statement; the event itself must not end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    return await holdingLock((text) => client.query(text), work);
  } finally {
    await client.end().catch(() => {});
  }
}

async function holdingLock<T>(run: (text: string) => Promise<{ rows: unknown[] }>, work: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + STARTUP_LOCK_WAIT_MS;
  for (;;) {
    const { rows } = await run(`select pg_try_advisory_lock(${STARTUP_LOCK_KEY}) as locked`);
    if ((rows[0] as { locked?: boolean } | undefined)?.locked === true) break;
    if (Date.now() > giveUpAt) throw new Error("Another process held the start-up lock for too long; is one stuck migrating?");
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
  try {
    return await work();
  } finally {
    await run(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
  }
}
