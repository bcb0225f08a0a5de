import { StoreUnavailableError } from "@connector/core/errors";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/index.js";
import { createDatabase } from "../src/node.js";
import { withStartupLock } from "../src/postgres.js";
import { createTestDatabase, type TestDatabase } from "../src/testing/index.js";

/** Bounded waits on PostgreSQL: a busy or slow database gives the store-unavailable error (a 503) at stated bounds, never an endless queue. */
describe("the PostgreSQL pool's bounds", () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase("postgres");
    database = await createDatabase({ url: testDatabase.url, pool: { size: 1, acquireTimeoutMs: 300, queryTimeoutMs: 400, maxWaiting: 1 } });
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it("a statement running past the query timeout is cancelled by PostgreSQL: unavailable, and the connection stays usable", async () => {
    const failure = await sql`select pg_sleep(5)`.execute(database.db).catch((error) => error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows[0]?.one).toBe(1);
  });

  it("with every connection busy, one borrower waits up to the acquire timeout and the next is refused at once, both unavailable", async () => {
    let release = () => {};
    let holding = () => {};
    const holds = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const held = database.db.connection().execute(
      (connection) =>
        new Promise<void>((resolve) => {
          release = resolve;
          void connection;
          holding();
        }),
    );
    try {
      // The holder has the pool's only connection before others queue.
      await holds;
      const settled: string[] = [];
      const attempt = (name: string) =>
        sql`select 1`
          .execute(database.db)
          .catch((error) => error)
          .finally(() => settled.push(name));
      const waiting = attempt("waiting");
      const refused = attempt("refused");
      expect(await refused).toBeInstanceOf(StoreUnavailableError);
      expect(await waiting).toBeInstanceOf(StoreUnavailableError);
      // The second borrower found the queue full and was answered first; the first waited out the timeout.
      expect(settled).toEqual(["refused", "waiting"]);
    } finally {
      release();
      await held;
    }
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows[0]?.one).toBe(1);
  });

  it("start-up work under the start-up lock runs one process at a time", async () => {
    const other = await createDatabase({ url: testDatabase.url });
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push(`${name} end`);
    };
    try {
      await Promise.all([withStartupLock(database, step("a")), withStartupLock(other, step("b"))]);
    } finally {
      await other.close();
    }
    expect([order.slice(0, 2), order.slice(2)].map((pair) => pair.map((entry) => entry.split(" ")[1]))).toEqual([
      ["start", "end"],
      ["start", "end"],
    ]);
  });
});
