import type { DatabaseDriver } from "@connector/store";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";
import type { BindParams, Database as SqlJsDatabase, Statement } from "sql.js";

/**
 * The store's database inside a Worker: SQLite compiled to WebAssembly (sql.js), in the isolate's memory,
 * under Kysely's own SQLite dialect. Not D1: D1 refuses BEGIN (it has no interactive transaction), and a
 * draft save claims its idempotency key and writes the draft in one transaction.
 */
export function sqlJsDriver(database: SqlJsDatabase): DatabaseDriver {
  database.run("pragma foreign_keys = on");
  return { dialect: "sqlite", kyselyDialect: new SqliteDialect({ database: kyselySqlite(database) }) };
}

/** sql.js in the shape Kysely's SQLite driver calls (better-sqlite3's): prepare, then all, run or iterate. */
function kyselySqlite(database: SqlJsDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => statementOf(database, sql),
  };
}

/**
 * Kysely prepares a statement for each query and runs it once, so each run frees the statement:
 * sql.js keeps it in WebAssembly memory until then.
 */
function statementOf(database: SqlJsDatabase, sql: string): SqliteStatement {
  const statement = database.prepare(sql);
  const once = <T>(parameters: readonly unknown[], run: (statement: Statement) => T): T => {
    try {
      statement.bind(parameters as BindParams);
      return run(statement);
    } finally {
      statement.free();
    }
  };
  const rows = (parameters: readonly unknown[]) =>
    once(parameters, (bound) => {
      const all: Record<string, unknown>[] = [];
      while (bound.step()) all.push(bound.getAsObject());
      return all;
    });
  return {
    // A statement with result columns (a select, or a write with `returning`) answers rows.
    reader: statement.getColumnNames().length > 0,
    all: rows,
    run: (parameters) =>
      once(parameters, (bound) => {
        while (bound.step());
        return { changes: database.getRowsModified(), lastInsertRowid: lastInsertRowid(database) };
      }),
    iterate: (parameters) => rows(parameters)[Symbol.iterator](),
  };
}

function lastInsertRowid(database: SqlJsDatabase): number {
  return Number(database.exec("select last_insert_rowid()")[0]?.values[0]?.[0] ?? 0);
}
