import { existsSync } from "node:fs";
import { dirname } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { checkDatabase, createStores } from "../src/index.js";
import { TEST_DIALECTS, TEST_PG_URL, withTestDatabase } from "../src/testing/index.js";

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
