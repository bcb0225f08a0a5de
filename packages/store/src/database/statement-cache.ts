import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { rowsFromArrays } from "./rows-from-arrays.js";

/**
 * better-sqlite3 compiles SQL on every `prepare`, and Kysely's SQLite driver prepares each query
 * it runs. Kysely compiles the same SQL text for the same query shape, so prepared statements are
 * kept by their text (a bounded set: queries are built from code, values are parameters).
 * Statements run synchronously to completion, so one statement is never used by two queries at once.
 *
 * Long SQL is not kept: it is a write of many rows (`VALUES (…), (…)`, `IN (…)`) whose text changes
 * with the number of rows, so it is seldom run twice, and each compiled statement holds SQLite memory
 * in proportion to its text. A 100,000-row placement and its Account Workflow, whose slices vary in
 * size, filled the cache with 140 such statements and the process with some 100 MB they held.
 */
export function withStatementCache(connection: SQLite.Database, maxStatements = 500, maxCachedSqlChars = 4096): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = rowsFromArrays(sql, connection.prepare(sql));
        if (sql.length > maxCachedSqlChars) return statement as ReturnType<SqliteDatabase["prepare"]>;
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement as ReturnType<SqliteDatabase["prepare"]>;
    },
  };
}
