import { existsSync } from "node:fs";
import { dirname } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { checkDatabase, createStores } from "../src/index.js";
import { createDatabase } from "../src/node.js";
import { NOW } from "./support/database-fixture.js";
import {
  createTestDatabase,
  TEST_DIALECTS,
  TEST_PG_URL,
  type TestTemplate,
  withTestDatabase,
} from "../src/testing/index.js";

async function postgresDatabaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    const result = await client.query("select 1 from pg_database where datname = $1", [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

describe.each(TEST_DIALECTS)("withTestDatabase on %s", (dialect) => {
  it("hands over a migrated database and removes it afterwards, even when the test throws", async () => {
    let url = "";
    await expect(
      withTestDatabase(dialect, async (database, testDatabase) => {
        url = testDatabase.url;
        await checkDatabase(database);
        expect(await createStores(database).counters.hit("k", "2026-11-22T00:00:00.000Z")).toBe(1);
        throw new Error("test failed");
      }),
    ).rejects.toThrow("test failed");

    if (dialect === "sqlite") expect(existsSync(dirname(url))).toBe(false);
    else expect(await postgresDatabaseExists(new URL(url).pathname.slice(1))).toBe(false);
  });

  it.runIf(dialect === "postgres")("rejects a prefix that is not a plain identifier", async () => {
    await expect(withTestDatabase(dialect, async () => {}, { prefix: 'x"; drop' })).rejects.toThrow(/prefix/);
  });
});

describe.each(TEST_DIALECTS)("template copies on %s", (dialect) => {
  it("start with what the template filled in, and each copy is a database of its own", async () => {
    let fills = 0;
    // A version of its own per run, so this test builds the template rather than finding one.
    const template: TestTemplate = {
      name: "template-test",
      version: `${process.pid}-${Date.now()}`,
      fill: async (database) => {
        fills += 1;
        await database.db.insertInto("desks").values({ id: "d1", name: "Desk", kind: "creditor", created_at: NOW.toISOString() }).execute();
      },
    };
    const first = await createTestDatabase(dialect, { template });
    const second = await createTestDatabase(dialect, { template });
    const [one, two] = [await createDatabase({ url: first.url }), await createDatabase({ url: second.url })];
    try {
      await one.db.deleteFrom("desks").execute();
      expect(await one.db.selectFrom("desks").select("id").execute()).toEqual([]);
      expect(await two.db.selectFrom("desks").select("name").execute()).toEqual([{ name: "Desk" }]);
      expect(fills).toBe(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await Promise.all([first.drop(), second.drop()]);
    }
  });
});
