import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { inListSlices, rowsPerStatement } from "../src/database/batched-insert.js";
import { capabilitiesOf, checkDatabase, createStores, dialectOf, migrateToLatest, openDatabase, parseDatabaseUrl } from "../src/index.js";
import { betterSqlite3Driver } from "../src/sqlite.js";
import { createDatabase } from "../src/node.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { useDatabase } from "./support/database-fixture.js";

describe("parseDatabaseUrl", () => {
  it("tells PostgreSQL URLs from SQLite paths", () => {
    expect(parseDatabaseUrl("postgres://u@127.0.0.1/db")).toEqual({
      dialect: "postgres",
      connectionString: "postgres://u@127.0.0.1/db",
    });
    expect(parseDatabaseUrl("postgresql://u@127.0.0.1/db").dialect).toBe("postgres");
    expect(parseDatabaseUrl("./data/app.db")).toEqual({ dialect: "sqlite", filename: "./data/app.db" });
    expect(parseDatabaseUrl("sqlite:./data/app.db")).toEqual({ dialect: "sqlite", filename: "./data/app.db" });
    expect(parseDatabaseUrl("sqlite:///tmp/app.db")).toEqual({ dialect: "sqlite", filename: "/tmp/app.db" });
    expect(parseDatabaseUrl(":memory:")).toEqual({ dialect: "sqlite", filename: ":memory:" });
  });

  it("refuses unknown schemes and empty URLs without echoing credentials", () => {
    expect(() => parseDatabaseUrl("mysql://root:secret@127.0.0.1/db")).toThrow(/Unsupported/);
    expect(() => parseDatabaseUrl("mysql://root:secret@127.0.0.1/db")).not.toThrow(/secret/);
    expect(() => parseDatabaseUrl("  ")).toThrow(/empty/);
    expect(() => parseDatabaseUrl("sqlite:")).toThrow(/no file/);
  });
});

describe("createDatabase on SQLite", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("creates the parent folder and sets WAL, busy_timeout and foreign keys", async () => {
    const dir = await mkdtemp(join(tmpdir(), "store-db-"));
    dirs.push(dir);
    const file = join(dir, "nested", "deeper", "app.db");
    const database = await createDatabase({ url: `sqlite:${file}` });
    try {
      expect(database.dialect).toBe("sqlite");
      expect(existsSync(join(dir, "nested", "deeper"))).toBe(true);
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("busy_timeout")).toBe(5000);
      expect(await pragma("foreign_keys")).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("opens :memory:, and close() releases a file Kysely never queried", async () => {
    const memory = await createDatabase({ url: ":memory:" });
    await checkDatabase(memory);
    await memory.close();

    const dir = await mkdtemp(join(tmpdir(), "store-db-"));
    dirs.push(dir);
    const untouched = await createDatabase({ url: join(dir, "idle.db") });
    await untouched.close();
  });
});

describe("a driver that binds fewer values a statement", () => {
  it("narrows the capability on every Kysely over the database, and batches cut to fit it", async () => {
    const database = openDatabase({ ...betterSqlite3Driver(":memory:"), maxBindParameters: 100 });
    try {
      expect(database.capabilities.maxBindParameters).toBe(100);
      expect(capabilitiesOf(database.db).maxBindParameters).toBe(100);
      await database.db.transaction().execute(async (trx) => {
        expect(capabilitiesOf(trx).maxBindParameters).toBe(100);
        expect(rowsPerStatement(trx, 7)).toBe(14);
        expect(inListSlices(trx, Array.from({ length: 250 }, (_, index) => index), 1).map((slice) => slice.length)).toEqual([99, 99, 52]);
      });
      // Another driver's database keeps its dialect's own limit.
      const other = openDatabase(betterSqlite3Driver(":memory:"));
      expect(capabilitiesOf(other.db).maxBindParameters).toBe(32_766);
      await other.close();
    } finally {
      await database.close();
    }
    expect(() => openDatabase({ ...betterSqlite3Driver(":memory:"), maxBindParameters: 0 })).toThrow(RangeError);
  });
});

describe("checkDatabase", () => {
  it("rejects when PostgreSQL is unreachable", async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    const database = await createDatabase({ url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      await expect(checkDatabase(database)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

describe.each(TEST_DIALECTS)("migrations on %s", (dialect) => {
  const fixture = useDatabase(dialect, { fromScratch: true });

  it("reports its dialect and answers the readiness check", async () => {
    expect(fixture.database.dialect).toBe(dialect);
    expect(dialectOf(fixture.database.db)).toBe(dialect);
    await expect(checkDatabase(fixture.database)).resolves.toBeUndefined();
  });

  it("is idempotent: a second run applies nothing and the tables stay", async () => {
    const again = await migrateToLatest(fixture.database);
    expect(again.results).toEqual([]);
    const tables = (await fixture.database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "desks",
        "consumers",
        "accounts",
        "payment_records",
        "consumer_verified_accounts",
        "approved_offers",
        "placement_drafts",
        "consumer_request_drafts",
        "idempotency_records",
        "rate_limit_counters",
      ]),
    );
  });

  it("returns wide money amounts as exact numbers", async () => {
    const { db } = fixture.database;
    const stamp = "2026-11-22T00:00:00.000Z";
    const deskId = "0190a000-0000-7000-8000-000000000001";
    const accountId = "0190a000-0000-7000-8000-000000000002";
    await db.insertInto("desks").values({ id: deskId, name: "Wide", kind: "buyer", created_at: stamp }).execute();
    await db
      .insertInto("accounts")
      .values({
        id: accountId,
        desk_id: deskId,
        reference: "WIDE-1",
        debtor_name: "Wide Amount",
        debtor_email: null,
        debtor_phone: null,
        debtor_ssn_last4: null,
        internal_note: null,
        // Above 2^31, below 2^53: would overflow PG `integer` and arrives as a string without the int8 parser.
        face_amount_minor: 9_876_543_210_12,
        currency: "USD",
        case_status: "new",
        placed_at: stamp,
        status_updated_at: stamp,
      })
      .execute();
    const account = await createStores(fixture.database).accounts.getAccount(deskId, accountId);
    expect(account?.faceAmount).toEqual({ minorUnits: 9_876_543_210_12, currency: "USD" });
  });

  it("enforces foreign keys", async () => {
    const stamp = "2026-11-22T00:00:00.000Z";
    await expect(
      fixture.database.db
        .insertInto("payment_records")
        .values({
          id: "0190a000-0000-7000-8000-0000000000ff",
          account_id: "0190a000-0000-7000-8000-00000000dead",
          amount_minor: 100,
          currency: "USD",
          method: "cash",
          outcome: "posted",
          card_last4: null,
          internal_note: null,
          recorded_at: stamp,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
