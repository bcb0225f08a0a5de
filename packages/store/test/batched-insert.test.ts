import { newId } from "@connector/core/domain";
import { describe, expect, it } from "vitest";
import { insertRows } from "../src/database/batched-insert.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { useDatabase } from "./support/database-fixture.js";

/**
 * `insertRows` sends rows as `VALUES` lists on SQLite and as one array per column on PostgreSQL (`unnest`):
 * every value a person can type must arrive as it was sent, whichever way it travelled, including the text
 * an array literal treats as syntax (quotes, braces, commas, backslashes, the word NULL) and numbers past 2^31.
 */
describe.each(TEST_DIALECTS)("insertRows on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });

  const awkward = ['Núñez "y" Peña', "{braces}, and, commas", "back\\slash\\", "NULL", "", " spaced ", "שלום עולם", "line\u00a0break"];

  const account = (reference: string, creditor: string | null, faceAmountMinor: number) => ({
    id: newId(),
    desk_id: fixture.demo.deskId,
    reference,
    debtor_name: "Account Holder",
    debtor_email: null,
    debtor_phone: null,
    debtor_ssn_last4: null,
    internal_note: null,
    face_amount_minor: faceAmountMinor,
    amount_provided: 1,
    currency: "JPY",
    creditor,
    case_status: "new" as const,
    skip_state: "not_skipped" as const,
    placed_from_draft_id: null,
    agency_desk_id: null,
    intake_status: null,
    placed_at: "2026-11-29T05:00:00.000Z",
    status_updated_at: "2026-11-29T05:00:00.000Z",
    pending_job_id: null,
  });

  it("stores every value as sent: text that is array syntax, nulls, an empty string and a wide amount", async () => {
    const rows = [...awkward.map((name, index) => account(`AWK-${index}`, name, 2 ** 40 + index)), account("AWK-null", null, 0)];
    await insertRows(fixture.database.db, "accounts", rows, { maxRowsPerStatement: 3 });
    const stored = await fixture.database.db
      .selectFrom("accounts")
      .select(["reference", "creditor", "face_amount_minor", "currency"])
      .where("reference", "like", "AWK-%")
      .orderBy("reference")
      .execute();
    const expected = rows.map((row) => ({ reference: row.reference, creditor: row.creditor, face_amount_minor: row.face_amount_minor, currency: "JPY" }));
    expect(stored.map((row) => ({ ...row, face_amount_minor: Number(row.face_amount_minor), currency: row.currency.trim() }))).toEqual(
      expected.sort((a, b) => (a.reference < b.reference ? -1 : 1)),
    );
  });

  it("shapes each statement: a conflict skipped, and what every statement returned, in order", async () => {
    const rows = ["RET-1", "AWK-0", "RET-2", "RET-3"].map((reference) => account(reference, "Ann", 100));
    const returned = await insertRows(fixture.database.db, "accounts", rows, {
      maxRowsPerStatement: 2,
      shape: (query) => query.onConflict((conflict) => conflict.columns(["desk_id", "reference"]).doNothing()).returning("reference"),
    });
    // AWK-0 was stored by the test before: skipped, not an error, and not returned.
    expect(returned.map((row) => row.reference).sort()).toEqual(["RET-1", "RET-2", "RET-3"]);
  });

  it("inserts nothing and returns nothing for no rows", async () => {
    expect(await insertRows(fixture.database.db, "accounts", [], { shape: (query) => query.returning("id") })).toEqual([]);
  });
});
