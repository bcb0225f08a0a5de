import { CASE_STATUSES } from "@connector/core/domain";
import { describe, expect, it } from "vitest";
import { DEMO_DESK_NAME, seedDemoData } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { NOW, useDatabase } from "./support/database-fixture.js";

const ACCOUNT_VIEW_KEYS = ["accountId", "caseStatus", "faceAmount", "placedAt", "reference", "statusUpdatedAt"];
const PAYMENT_VIEW_KEYS = ["accountId", "amount", "method", "outcome", "paymentId", "recordedAt"];
const MONEY_KEYS = ["currency", "minorUnits"];

describe.each(TEST_DIALECTS)("demo data on %s", (dialect) => {
  const fixture = useDatabase(dialect, { seed: true, fromScratch: true });

  it("summarises what it seeded, and the data matches the summary", async () => {
    const { db } = fixture.database;
    const demo = fixture.demo;
    expect(demo).toMatchObject({
      seeded: true,
      accountCount: 300,
      activeOfferReference: "HRP-000123",
      expiredOfferReference: "HRP-000124",
    });

    const desks = await db.selectFrom("desks").selectAll().orderBy("name").execute();
    expect(desks.map((desk) => [desk.id, desk.kind])).toEqual(
      expect.arrayContaining([
        [demo.deskId, "agency"],
        [demo.otherDeskId, "creditor"],
      ]),
    );
    expect(desks.find((desk) => desk.id === demo.deskId)?.name).toBe(DEMO_DESK_NAME);

    const accounts = await db.selectFrom("accounts").selectAll().where("desk_id", "=", demo.deskId).execute();
    expect(accounts).toHaveLength(300);
    expect(new Set(accounts.map((a) => a.case_status))).toEqual(new Set(CASE_STATUSES));
    expect(accounts.map((a) => a.reference).sort()).toEqual(
      Array.from({ length: 300 }, (_, i) => `HRP-${String(i + 1).padStart(6, "0")}`),
    );
    const others = await db.selectFrom("accounts").select("id").where("desk_id", "=", demo.otherDeskId).execute();
    expect(others).toHaveLength(20);

    const payments = await db.selectFrom("payment_records").select(["account_id", "method", "outcome"]).execute();
    const perAccount = new Map<string, number>();
    for (const p of payments) perAccount.set(p.account_id, (perAccount.get(p.account_id) ?? 0) + 1);
    expect(Math.max(...perAccount.values())).toBe(5);
    expect(perAccount.size).toBeLessThan(320); // some accounts have no payments at all
    expect(new Set(payments.map((p) => p.method)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(payments.map((p) => p.outcome))).toEqual(new Set(["posted", "returned", "reversed"]));

    const verified = await db
      .selectFrom("consumer_verified_accounts")
      .innerJoin("accounts", "accounts.id", "consumer_verified_accounts.account_id")
      .select("accounts.reference")
      .where("consumer_id", "=", demo.consumerId)
      .orderBy("accounts.reference")
      .execute();
    expect(verified.map((v) => v.reference)).toEqual(["HRP-000123", "HRP-000124"]);

    const active = await fixture.stores.approvedOffers.findRelayableOffer(demo.consumerId, "HRP-000123", NOW.toISOString());
    expect(active?.expiresAt).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
  });

  it("is idempotent: a second run writes nothing and reports the same demo", async () => {
    const again = await seedDemoData(fixture.database, { now: NOW });
    expect(again).toEqual({ ...fixture.demo, seeded: false });
    const count = await fixture.database.db
      .selectFrom("accounts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(320);
  });

  it("never lets contact details, SSN fragments, card digits or notes into a view", async () => {
    const { db } = fixture.database;
    const { stores, demo } = fixture;
    const accountRows = await db.selectFrom("accounts").selectAll().execute();
    const paymentRows = await db.selectFrom("payment_records").selectAll().execute();
    const secretText = [
      ...accountRows.flatMap((row) => [row.debtor_email, row.debtor_phone, row.internal_note, row.debtor_name]),
      ...paymentRows.map((row) => row.internal_note),
    ].filter((value): value is string => typeof value === "string" && value.length > 0);
    const secretDigits = new Set(
      [...accountRows.map((row) => row.debtor_ssn_last4), ...paymentRows.map((row) => row.card_last4)].filter(
        (value): value is string => value !== null,
      ),
    );
    expect(secretText.length).toBeGreaterThan(900);
    expect(secretDigits.size).toBeGreaterThan(100);

    const views: unknown[] = [];
    for (const deskId of [demo.deskId, demo.otherDeskId]) {
      let after: string | undefined;
      do {
        const page = await stores.accounts.listAccounts(deskId, { limit: 50, ...(after ? { after } : {}) });
        views.push(page);
        for (const account of page.accounts) {
          expect(Object.keys(account).sort()).toEqual(ACCOUNT_VIEW_KEYS);
          expect(Object.keys(account.faceAmount!).sort()).toEqual(MONEY_KEYS);
          views.push(await stores.accounts.getAccount(deskId, account.accountId));
          const payments = (await stores.paymentRecords.listPaymentRecords(deskId, account.accountId, 100))!;
          for (const payment of payments) expect(Object.keys(payment).sort()).toEqual(PAYMENT_VIEW_KEYS);
          views.push(payments);
        }
        after = page.nextCursor ?? undefined;
      } while (after);
    }
    views.push(await stores.approvedOffers.findRelayableOffer(demo.consumerId, demo.activeOfferReference, NOW.toISOString()));

    const json = JSON.stringify(views);
    expect(json).not.toMatch(/debtor|ssn|card_last4|internal_note|email|phone/i);
    for (const secret of secretText) expect(json).not.toContain(secret);
    // Four digits also occur inside ids and amounts (numbers), so compare whole string values.
    const leaves: string[] = [];
    JSON.parse(json, (_key, value) => {
      if (typeof value === "string") leaves.push(value);
      return value;
    });
    expect(leaves.filter((leaf) => secretDigits.has(leaf))).toEqual([]);
  });
});
