import { CASE_STATUSES, newId } from "@connector/core/domain";
import { rowsPerStatement } from "../database/batched-insert.js";
import type { Database } from "../database/database.js";
import type { AccountTable } from "../database/database-schema.js";

export interface BulkInsertOptions {
  /** Rows per INSERT statement (default 1000), cut further to fit the dialect's parameter limit. */
  batchSize?: number;
  /** Rows per transaction (default 50,000): few commits, but no single huge transaction. */
  rowsPerTransaction?: number;
  /** Prefix of the generated references; the default is unique per call so calls can repeat. */
  referencePrefix?: string;
}

const COLUMN_COUNT = 13;

/**
 * Fills a desk with synthetic accounts for benchmarks (up to millions). Rows carry no contact
 * details; ids are v7 UUIDs, so they arrive roughly in index order and the B-tree grows at its end.
 */
export async function bulkInsertAccounts(
  database: Database,
  deskId: string,
  count: number,
  options: BulkInsertOptions = {},
): Promise<{ inserted: number }> {
  const { db } = database;
  const batch = rowsPerStatement(db, COLUMN_COUNT, options.batchSize ?? 1000);
  const perTransaction = Math.max(batch, options.rowsPerTransaction ?? 50_000);
  const prefix = options.referencePrefix ?? `BULK-${Date.now().toString(36).toUpperCase()}`;
  const stamp = new Date().toISOString();

  let inserted = 0;
  while (inserted < count) {
    const end = Math.min(count, inserted + perTransaction);
    await db.transaction().execute(async (trx) => {
      for (let start = inserted; start < end; start += batch) {
        const rows: AccountTable[] = [];
        for (let i = start; i < Math.min(end, start + batch); i++) rows.push(syntheticAccount(deskId, prefix, i, stamp));
        await trx.insertInto("accounts").values(rows).execute();
      }
    });
    inserted = end;
  }
  return { inserted };
}

function syntheticAccount(deskId: string, prefix: string, index: number, stamp: string): AccountTable {
  return {
    id: newId(),
    desk_id: deskId,
    reference: `${prefix}-${String(index + 1).padStart(7, "0")}`,
    debtor_name: `Benchmark Debtor ${index + 1}`,
    debtor_email: null,
    debtor_phone: null,
    debtor_ssn_last4: null,
    internal_note: null,
    face_amount_minor: 10_000 + ((index * 7919) % 2_500_000),
    currency: "USD",
    case_status: CASE_STATUSES[index % CASE_STATUSES.length]!,
    placed_at: stamp,
    status_updated_at: stamp,
  };
}
