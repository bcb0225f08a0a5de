import { type AccountView, newId } from "@connector/core/domain";
import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { insertInBatches } from "../src/database/batched-insert.js";
import { bulkInsertAccounts } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, useDatabase } from "./support/database-fixture.js";

describe.each(TEST_DIALECTS)("accounts and payment records on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true });

  async function accountIdsOf(deskId: string): Promise<string[]> {
    const rows = await fixture.database.db.selectFrom("accounts").select("id").where("desk_id", "=", deskId).execute();
    return rows.map((row) => row.id).sort();
  }

  async function walk(deskId: string, limit: number): Promise<{ pages: AccountView[][]; cursors: (string | null)[] }> {
    const pages: AccountView[][] = [];
    const cursors: (string | null)[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await fixture.stores.accounts.listAccounts(deskId, { limit, ...(after ? { after } : {}) });
      pages.push(page.accounts);
      cursors.push(page.nextCursor);
      if (page.nextCursor === null) break;
      after = page.nextCursor;
      if (pages.length > 1000) throw new Error("paging does not terminate");
    }
    return { pages, cursors };
  }

  it("keyset pages cover every account of the desk exactly once, in id order, then stop", async () => {
    const { deskId } = fixture.demo;
    const expected = await accountIdsOf(deskId);
    expect(expected).toHaveLength(300);

    const { pages, cursors } = await walk(deskId, 50);
    const seen = pages.flat().map((account) => account.accountId);
    expect(seen).toEqual(expected);
    expect(pages).toHaveLength(6);
    expect(pages.every((page) => page.length === 50)).toBe(true);
    // Each cursor is the last id of its page; a full last page still ends with null, not an empty page.
    expect(cursors.slice(0, -1)).toEqual(pages.slice(0, -1).map((page) => page[page.length - 1]!.accountId));
    expect(cursors.at(-1)).toBeNull();
  });

  it("pages of uneven size end with a short page and a null cursor", async () => {
    const { otherDeskId } = fixture.demo;
    const expected = await accountIdsOf(otherDeskId);
    const { pages } = await walk(otherDeskId, 7);
    expect(pages.map((page) => page.length)).toEqual([7, 7, 6]);
    expect(pages.flat().map((account) => account.accountId)).toEqual(expected);
  });

  it("continues after a cursor that is no account id", async () => {
    const { deskId } = fixture.demo;
    const ids = await accountIdsOf(deskId);
    const middle = ids[150]!;
    const lower = await fixture.stores.accounts.listAccounts(deskId, { limit: 3, after: middle });
    // Identifiers reach the store lower-case: core's identifier schema normalises them (core's identifier tests).
    expect(lower.accounts.map((a) => a.accountId)).toEqual(ids.slice(151, 154));

    const beyond = await fixture.stores.accounts.listAccounts(deskId, { limit: 3, after: "ffffffff-ffff-ffff-ffff-ffffffffffff" });
    expect(beyond).toEqual({ accounts: [], nextCursor: null });
  });

  it("never shows one desk another desk's accounts or payments", async () => {
    const { deskId, otherDeskId } = fixture.demo;
    const otherIds = await accountIdsOf(otherDeskId);
    const { pages } = await walk(deskId, 50);
    const seen = new Set(pages.flat().map((account) => account.accountId));
    expect(otherIds.filter((id) => seen.has(id))).toEqual([]);

    for (const id of otherIds) {
      expect(await fixture.stores.accounts.getAccount(deskId, id)).toBeUndefined();
      expect(await fixture.stores.paymentRecords.listPaymentRecords(deskId, id, 100)).toBeUndefined();
      expect(await fixture.stores.accounts.getAccount(otherDeskId, id)).toBeDefined();
    }
  });

  it("reads one account with its face amount and recorded status", async () => {
    const { deskId } = fixture.demo;
    const row = await fixture.database.db
      .selectFrom("accounts")
      .selectAll()
      .where("desk_id", "=", deskId)
      .where("reference", "=", "HRP-000123")
      .executeTakeFirstOrThrow();
    const account = await fixture.stores.accounts.getAccount(deskId, row.id);
    expect(account).toEqual({
      accountId: row.id,
      reference: "HRP-000123",
      faceAmount: { minorUnits: 1_850_00, currency: "USD" },
      caseStatus: row.case_status,
      placedAt: row.placed_at,
      statusUpdatedAt: row.status_updated_at,
    });
    expect(await fixture.stores.accounts.getAccount(deskId, newId())).toBeUndefined();
  });

  it("lists payment records newest first, capped at the limit, and [] for an account without any", async () => {
    const { deskId } = fixture.demo;
    const counts = await fixture.database.db
      .selectFrom("accounts")
      .leftJoin("payment_records", "payment_records.account_id", "accounts.id")
      .select(["accounts.id", (eb) => eb.fn.count<number>("payment_records.id").as("payments")])
      .where("accounts.desk_id", "=", deskId)
      .groupBy("accounts.id")
      .execute();
    const busiest = counts.reduce((a, b) => (Number(b.payments) > Number(a.payments) ? b : a));
    const empty = counts.find((row) => Number(row.payments) === 0)!;
    expect(Number(busiest.payments)).toBe(5);

    const records = (await fixture.stores.paymentRecords.listPaymentRecords(deskId, busiest.id, 100))!;
    expect(records).toHaveLength(5);
    const order = [...records].sort((a, b) =>
      a.recordedAt === b.recordedAt ? b.paymentId.localeCompare(a.paymentId) : b.recordedAt.localeCompare(a.recordedAt),
    );
    expect(records).toEqual(order);
    expect(records.every((record) => record.accountId === busiest.id && record.amount.minorUnits > 0)).toBe(true);

    expect(await fixture.stores.paymentRecords.listPaymentRecords(deskId, busiest.id, 2)).toEqual(records.slice(0, 2));
    expect(await fixture.stores.paymentRecords.listPaymentRecords(deskId, empty.id, 100)).toEqual([]);
  });

  it("caps a long payment history at 100, breaking timestamp ties by id", async () => {
    const { deskId } = fixture.demo;
    const { id: accountId } = await fixture.database.db
      .selectFrom("accounts")
      .select("id")
      .where("desk_id", "=", deskId)
      .where("reference", "=", "HRP-000007")
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: newId(NOW.getTime() + i),
      account_id: accountId,
      amount_minor: 1000 + i,
      currency: "USD",
      method: "bank_transfer" as const,
      outcome: "posted" as const,
      card_last4: null,
      internal_note: null,
      // Pairs share a timestamp, so the id decides their order.
      recorded_at: new Date(NOW.getTime() + Math.floor(i / 2) * 1000).toISOString(),
    }));
    await insertInBatches(fixture.database.db, "payment_records", rows);

    const records = (await fixture.stores.paymentRecords.listPaymentRecords(deskId, accountId, 100))!;
    expect(records).toHaveLength(100);
    const expected = [...rows]
      .sort((a, b) => (a.recorded_at === b.recorded_at ? (a.id < b.id ? 1 : -1) : a.recorded_at < b.recorded_at ? 1 : -1))
      .slice(0, 100)
      .map((row) => row.id);
    expect(records.map((record) => record.paymentId)).toEqual(expected);
  });

  it("bulk-inserts accounts and pages them on the (desk_id, id) index without a sort", async () => {
    const { db } = fixture.database;
    const deskId = newId();
    await db.insertInto("desks").values({ id: deskId, name: "Bulk", kind: "buyer", created_at: NOW.toISOString() }).execute();
    expect(await bulkInsertAccounts(fixture.database, deskId, 12_345, { batchSize: 700, rowsPerTransaction: 5000 })).toEqual({
      inserted: 12_345,
    });
    // A second call on the same desk must not collide on (desk_id, reference).
    await bulkInsertAccounts(fixture.database, deskId, 10);
    expect(await accountIdsOf(deskId)).toHaveLength(12_355);

    const ids = await accountIdsOf(deskId);
    const late = await fixture.stores.accounts.listAccounts(deskId, { limit: 20, after: ids[12_000] });
    expect(late.accounts.map((a) => a.accountId)).toEqual(ids.slice(12_001, 12_021));

    // Whichever index the planner picks, the page must come off an index in order: no sort, no full scan.
    for (const [desk, after] of [
      [deskId, ids[12_000]!],
      [fixture.demo.deskId, (await accountIdsOf(fixture.demo.deskId))[150]!],
    ] as const) {
      const page = db
        .selectFrom("accounts")
        .select(["id", "reference"])
        .where("desk_id", "=", desk)
        .where("id", ">", after)
        .orderBy("id")
        .limit(21)
        .compile();
      const plan = JSON.stringify(await explain(page.sql, page.parameters));
      expect(plan).toMatch(/accounts_desk_id_id_index|accounts_pkey|sqlite_autoindex_accounts/);
      expect(plan).not.toMatch(/TEMP B-TREE|"Node Type":"Sort"|Seq Scan|SCAN accounts\b/);
      // A small desk among many accounts must use the composite index, not filter the whole key range.
      if (desk === fixture.demo.deskId) expect(plan).toContain("accounts_desk_id_id_index");
    }
  });

  async function explain(query: string, parameters: readonly unknown[]): Promise<unknown> {
    const { db } = fixture.database;
    if (dialect === "sqlite") {
      return (await db.executeQuery(CompiledQuery.raw(`explain query plan ${query}`, [...parameters]))).rows;
    }
    await db.executeQuery(CompiledQuery.raw("analyze accounts"));
    return (await db.executeQuery(CompiledQuery.raw(`explain (format json) ${query}`, [...parameters]))).rows;
  }
});
