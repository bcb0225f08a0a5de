import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { SqliteDialect } from "kysely";
import { withStatementCache } from "./statement-cache.js";

export interface OpenedSqlite {
  dialect: SqliteDialect;
  /** The raw handle, closed by `close()` even when Kysely never ran a query on it. */
  connection: SQLite.Database;
}

const IN_MEMORY = ":memory:";

/**
 * Opens the file eagerly so a bad path fails at start-up, not on the first request. WAL lets
 * readers run while one writer commits. synchronous=NORMAL is SQLite's recommended setting under
 * WAL: commits survive a process crash and only fsync at checkpoints, instead of an fsync per
 * commit (FULL, the default), which made every rate-limit count wait on the disk.
 * busy_timeout makes a second process wait for the lock instead of failing at once.
 */
export function openSqlite(filename: string): OpenedSqlite {
  if (filename !== IN_MEMORY) mkdirSync(dirname(filename), { recursive: true });
  const connection = new SQLite(filename);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("busy_timeout = 5000");
  connection.pragma("foreign_keys = ON");
  return { dialect: new SqliteDialect({ database: withStatementCache(connection) }), connection };
}
