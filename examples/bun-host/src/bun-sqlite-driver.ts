import type { Database as BunDatabase, SQLQueryBindings } from "bun:sqlite";
import type { DatabaseDriver } from "@connector/store";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

/**
 * The store's database on Bun: `bun:sqlite`, Bun's own SQLite, under Kysely's own SQLite dialect (the one
 * better-sqlite3 runs under on Node), so transactions and migrations behave alike on both.
 */
export function bunSqliteDriver(database: BunDatabase): DatabaseDriver {
  database.run("pragma journal_mode = wal");
  database.run("pragma foreign_keys = on");
  return { dialect: "sqlite", kyselyDialect: new SqliteDialect({ database: kyselySqlite(database) }) };
}

/** `bun:sqlite` in the shape Kysely's SQLite driver calls: better-sqlite3's, whose statements take their values as one array. */
function kyselySqlite(database: BunDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql): SqliteStatement {
      const statement = database.prepare(sql);
      const values = (parameters: readonly unknown[]) => parameters as SQLQueryBindings[];
      return {
        // A statement with result columns (a select, or a write with `returning`) answers rows.
        reader: statement.columnNames.length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
  };
}
