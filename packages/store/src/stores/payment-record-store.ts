import type { PaymentRecordStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";
import { PAYMENT_RECORD_VIEW_COLUMNS, toPaymentRecordView } from "../mappers/payment-record-mapper.js";

export function createPaymentRecordStore(db: Kysely<DatabaseSchema>): PaymentRecordStore {
  return {
    async listPaymentRecords(deskId, accountId, limit) {
      const id = accountId;
      // Ownership first: an empty list and "not your account" must be told apart (404).
      const owned = await db
        .selectFrom("live_accounts")
        .select("id")
        .where("id", "=", id)
        .where("desk_id", "=", deskId)
        .executeTakeFirst();
      if (owned === undefined) return undefined;

      const rows = await db
        .selectFrom("payment_records")
        .select(PAYMENT_RECORD_VIEW_COLUMNS)
        .where("account_id", "=", id)
        .orderBy("recorded_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toPaymentRecordView);
    },
  };
}
