import type { AccountView } from "@connector/core/domain";
import type { AccountTable } from "../database/database-schema.js";

/** The only account columns a read selects: contact details, the SSN fragment and notes never load. */
export const ACCOUNT_VIEW_COLUMNS = [
  "id",
  "reference",
  "face_amount_minor",
  "currency",
  "case_status",
  "placed_at",
  "status_updated_at",
  "amount_provided",
] as const satisfies readonly (keyof AccountTable)[];

export type AccountViewRow = Pick<AccountTable, (typeof ACCOUNT_VIEW_COLUMNS)[number]>;

/** Names each field of the view; never spreads the row, so an extra column cannot slip through. */
export function toAccountView(row: AccountViewRow): AccountView {
  return {
    accountId: row.id,
    reference: row.reference,
    // A balance that was not provided is null, never 0 (spec §4.3 rule 1).
    faceAmount:
      Number(row.amount_provided ?? 1) === 0
        ? null
        : { minorUnits: Number(row.face_amount_minor), currency: row.currency.trim() },
    caseStatus: row.case_status,
    placedAt: row.placed_at,
    statusUpdatedAt: row.status_updated_at,
  };
}
