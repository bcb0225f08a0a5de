import { Kysely } from "kysely";
import type { Database, DatabaseConfig } from "./database.js";
import type { DatabaseSchema } from "./database-schema.js";
import { withAvailabilityErrors } from "./availability-dialect.js";
import { parseDatabaseUrl } from "./database-url.js";
import { DIALECT_CAPABILITIES } from "./dialect-capabilities.js";
import { endPostgresPool, openPostgres } from "./postgres-dialect.js";
import { openSqlite } from "./sqlite-dialect.js";

/** Opens the database the configuration names. Run `migrateToLatest` before using the stores. */
export function createDatabase(config: DatabaseConfig): Database {
  const location = parseDatabaseUrl(config.url);

  if (location.dialect === "postgres") {
    const { dialect, pool, sent } = openPostgres(location.connectionString, config.pool);
    const db = new Kysely<DatabaseSchema>({ dialect: withAvailabilityErrors(dialect, config.onUnavailable) });
    return {
      db,
      dialect: "postgres",
      capabilities: DIALECT_CAPABILITIES.postgres,
      statementsSent: () => sent.statements,
      // Kysely ends only a pool it has used; endPostgresPool ends it otherwise.
      close: () => endPostgresPool(pool, () => db.destroy()),
      poolStats: () => ({
        max: pool.options.max,
        open: pool.totalCount,
        inUse: pool.totalCount - pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  const { dialect, connection } = openSqlite(location.filename);
  const db = new Kysely<DatabaseSchema>({ dialect: withAvailabilityErrors(dialect, config.onUnavailable) });
  return {
    db,
    dialect: "sqlite",
    capabilities: DIALECT_CAPABILITIES.sqlite,
    async close() {
      await db.destroy();
      // Kysely only closes a file it has queried; close it ourselves otherwise.
      if (connection.open) connection.close();
    },
  };
}
