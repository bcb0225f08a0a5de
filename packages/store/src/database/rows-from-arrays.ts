import type SQLite from "better-sqlite3";
import type { SqliteStatement } from "kysely";

/**
 * Reads rows as arrays and builds the row objects in JavaScript. better-sqlite3 builds objects
 * property by property through V8's C++ API, which costs more than the query itself on a page of
 * accounts (measured: 21 rows of 7 columns, 77 µs as objects, 47 µs as arrays turned into objects
 * here); objects made in a JS loop share one hidden class and are made quickly.
 *
 * The column names are read once, when the statement is prepared. That is only safe when the SQL
 * text fixes them: a statement with `*` (`select *`, `returning *`) takes its columns from the
 * schema, which a migration can change under a cached statement, so such statements, and
 * statements that return no rows, are left as better-sqlite3 made them.
 */
export function rowsFromArrays(sql: string, statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader || sql.includes("*")) return statement;
  statement.raw(true);
  const names = statement.columns().map((column) => column.name);
  const toRow = (values: unknown[]): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) row[names[index]!] = values[index];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}
