import type { Database, DatabaseConfig } from "./database.js";
import type { DatabaseDriver } from "./database-driver.js";
import { parseDatabaseUrl } from "./database-url.js";
import { openDatabase } from "./open-database.js";

/**
 * Opens the database a URL names with the store's default drivers: better-sqlite3 for a SQLite path, pg
 * for `postgres://`. Each is imported only when the URL chooses it, so a SQLite host never loads pg and
 * a PostgreSQL host never loads the native SQLite addon. Run `migrateToLatest` before using the stores.
 */
export async function createDatabase(config: DatabaseConfig): Promise<Database> {
  return openDatabase(await defaultDriver(config), { onUnavailable: config.onUnavailable });
}

async function defaultDriver(config: DatabaseConfig): Promise<DatabaseDriver> {
  const location = parseDatabaseUrl(config.url);
  if (location.dialect === "postgres") {
    const { pgDriver } = await import("./pg-driver.js");
    return pgDriver(location.connectionString, config.pool);
  }
  const { betterSqlite3Driver } = await import("./better-sqlite3-driver.js");
  return betterSqlite3Driver(location.filename);
}
