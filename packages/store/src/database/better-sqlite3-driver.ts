import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { SqliteDialect } from "kysely";
import type { DatabaseDriver } from "./database-driver.js";
import { withStatementCache } from "./statement-cache.js";

const IN_MEMORY = ":memory:";

/**
 * SQLite by better-sqlite3 (Node), the store's default for a file path. Opens the file eagerly so a
 * bad path fails at start-up, not on the first request. WAL lets
 * readers run while one writer commits. synchronous=NORMAL is SQLite's recommended setting under
 * WAL: commits survive a process crash and only fsync at checkpoints, instead of an fsync per
 * commit (FULL, the default), which made every rate-limit count wait on the disk.
 * busy_timeout makes a second process wait for the lock instead of failing at once.
 */
export function betterSqlite3Driver(filename: string): DatabaseDriver {
  if (filename !== IN_MEMORY) mkdirSync(dirname(filename), { recursive: true });
  const connection = new SQLite(filename);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("busy_timeout = 5000");
  connection.pragma("foreign_keys = ON");
  return {
    dialect: "sqlite",
    kyselyDialect: new SqliteDialect({ database: withStatementCache(connection) }),
    async close(destroyKysely) {
      await destroyKysely();
      // Kysely only closes a file it has queried; close it ourselves otherwise.
      if (connection.open) connection.close();
    },
  };
}
