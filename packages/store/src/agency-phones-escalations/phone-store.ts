import type { PhoneStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

/** The key core's import uses for an (account, number) pair. */
const pairKey = (accountId: string, e164: string) => `${accountId} ${e164}`;

export function createPhoneStore(db: Kysely<DatabaseSchema>): PhoneStore {
  return {
    async findAccountIds(deskId, references) {
      if (references.length === 0) return new Map();
      const rows = await db
        .selectFrom("live_accounts")
        .select(["id", "reference"])
        .where("desk_id", "=", deskId)
        .where("reference", "in", references)
        .execute();
      return new Map(rows.map((row) => [row.reference, row.id]));
    },

    async existingPhones(phones) {
      if (phones.length === 0) return new Set();
      const accountIds = [...new Set(phones.map((phone) => phone.accountId))];
      const rows = await db
        .selectFrom("account_phones")
        .select(["account_id", "e164"])
        .where("account_id", "in", accountIds)
        .execute();
      return new Set(rows.map((row) => pairKey(row.account_id, row.e164)));
    },

    async saveImport(batch, phones) {
      await db
        .insertInto("phone_import_batches")
        .values({
          id: batch.batchId,
          desk_id: batch.deskId,
          source: batch.source,
          row_count: batch.rowCount,
          valid_count: batch.validCount,
          invalid_count: batch.invalidCount,
          created_by_user_id: batch.createdByUserId,
          created_at: batch.createdAt,
        })
        .execute();
      if (phones.length === 0) return;
      // At most MAX_PHONE_ROWS (1000) rows of 4 values: one statement fits either dialect's parameter limit.
      await db
        .insertInto("account_phones")
        .values(phones.map((phone) => ({ account_id: phone.accountId, e164: phone.e164, batch_id: batch.batchId, created_at: batch.createdAt })))
        .execute();
      await db
        .updateTable("accounts")
        .set({ skip_state: "skipped" })
        .where("id", "in", [...new Set(phones.map((phone) => phone.accountId))])
        .execute();
    },
  };
}
