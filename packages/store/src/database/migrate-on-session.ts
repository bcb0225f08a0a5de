import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { migrateKysely } from "../migrations/migrate-to-latest.js";

/**
 * Migrates PostgreSQL on a connection of its own to `sessionUrl` (PostgreSQL itself, not a pooler),
 * outside the request bounds the service's pool puts on every statement (`DATABASE_QUERY_TIMEOUT_MS`,
 * 5 s by default, and its silence timer). A migration is not a request: creating an index on a
 * Desk's million accounts takes longer than any request may, and cut off at 5 s the server would
 * never start after the upgrade (issue 55: a start on a loaded machine ended on the bound).
 */
export async function migrateOnOwnSession(sessionUrl: string) {
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: sessionUrl, max: 1 }) }) });
  try {
    return await migrateKysely(db);
  } finally {
    await db.destroy();
  }
}
