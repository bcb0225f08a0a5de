import type { Insertable, Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema.js";
import { capabilitiesOf } from "./dialect-capabilities.js";

/**
 * Inserts many rows as few multi-row statements as the dialect's bind-parameter limit allows
 * (and at most `maxRowsPerStatement`). Run it inside a transaction to make the batches one commit.
 */
export async function insertInBatches<T extends keyof DatabaseSchema & string>(
  db: Kysely<DatabaseSchema>,
  table: T,
  rows: readonly Insertable<DatabaseSchema[T]>[],
  maxRowsPerStatement = Number.POSITIVE_INFINITY,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const size = rowsPerStatement(db, Object.keys(first).length, maxRowsPerStatement);
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as any)
      .execute();
  }
}

/**
 * How many rows of `columnCount` values fit in one statement, beside the `reserved` values the statement
 * binds besides them (a desk id, a lease's times): a database may bind as few as 100 (a Durable Object's).
 */
export function rowsPerStatement(db: Kysely<any>, columnCount: number, cap = Number.POSITIVE_INFINITY, reserved = 0): number {
  const fit = Math.floor((capabilitiesOf(db).maxBindParameters - reserved) / Math.max(columnCount, 1));
  return Math.max(1, Math.min(fit, cap));
}

/**
 * Values cut into lists that each fit one statement's `in (…)` (at most `cap` a list), beside the
 * `reserved` values the statement binds besides the list.
 */
export function inListSlices<T>(db: Kysely<any>, values: readonly T[], reserved = 0, cap = 1000): T[][] {
  const size = rowsPerStatement(db, 1, cap, reserved);
  const lists: T[][] = [];
  for (let start = 0; start < values.length; start += size) lists.push(values.slice(start, start + size));
  return lists;
}
