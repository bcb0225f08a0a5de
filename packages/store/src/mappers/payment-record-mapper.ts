import type { PaymentRecordView } from "@connector/core/domain";
import type { PaymentRecordTable } from "../database/database-schema.js";

/** Card digits and internal notes are not selected. */
export const PAYMENT_RECORD_VIEW_COLUMNS = [
  "id",
  "account_id",
  "amount_minor",
  "currency",
  "method",
  "outcome",
  "recorded_at",
] as const satisfies readonly (keyof PaymentRecordTable)[];

export type PaymentRecordViewRow = Pick<PaymentRecordTable, (typeof PAYMENT_RECORD_VIEW_COLUMNS)[number]>;

export function toPaymentRecordView(row: PaymentRecordViewRow): PaymentRecordView {
  return {
    paymentId: row.id,
    accountId: row.account_id,
    amount: { minorUnits: Number(row.amount_minor), currency: row.currency.trim() },
    method: row.method,
    outcome: row.outcome,
    recordedAt: row.recorded_at,
  };
}
