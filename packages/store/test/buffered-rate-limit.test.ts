import { describe, expect, it } from "vitest";
import { bufferedCounterStore, createStores } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { useDatabase } from "./support/database-fixture.js";

const WINDOW = "2026-11-22T10:00:00.000Z";

describe.each(TEST_DIALECTS)("buffered per-grant counting on %s", (dialect) => {
  const fixture = useDatabase(dialect);

  it("counts exactly within one process while writing to the database only now and then", async () => {
    const store = bufferedCounterStore(fixture.stores.counters, 60_000);
    const counts: number[] = [];
    for (let index = 0; index < 121; index++) counts.push(await store.hit("grant:exact", WINDOW));
    expect(counts).toEqual(Array.from({ length: 121 }, (_, index) => index + 1));
    const stored = () =>
      fixture.database.db.selectFrom("rate_limit_counters").select("count").where("bucket_key", "=", "grant:exact").executeTakeFirstOrThrow();
    expect(Number((await stored()).count)).toBe(1);
    await store.flush();
    expect(Number((await stored()).count)).toBe(121);
  });

  it("shares one count between processes through the database", async () => {
    // Two processes are two stores over the same database, each with its own buffer.
    const first = bufferedCounterStore(createStores(fixture.database).counters, 60_000);
    const second = bufferedCounterStore(createStores(fixture.database).counters, 60_000);
    for (let index = 0; index < 100; index++) await first.hit("grant:shared", WINDOW);
    await first.flush();
    expect(await second.hit("grant:shared", WINDOW)).toBe(101);
    for (let index = 0; index < 19; index++) await second.hit("grant:shared", WINDOW);
    await second.flush();
    expect(await first.hit("grant:shared", WINDOW)).toBe(101);
    await first.flush();
    expect(await first.hit("grant:shared", WINDOW)).toBe(122);
  });

  it("writes pending counts on its own after the flush interval", async () => {
    const store = bufferedCounterStore(fixture.stores.counters, 20);
    await store.hit("grant:timer", WINDOW);
    await store.hit("grant:timer", WINDOW);
    await store.hit("grant:timer", WINDOW);
    // Nothing is flushed by hand: the count reaches the database on the store's own timer.
    const written = async () =>
      Number(
        (await fixture.database.db.selectFrom("rate_limit_counters").select("count").where("bucket_key", "=", "grant:timer").executeTakeFirst())?.count ?? 0,
      );
    await expect.poll(written, { timeout: 5000 }).toBe(3);
  });
});

describe("buffered counting when the database is away", () => {
  it("keeps counting in memory and never rejects a flush", async () => {
    let available = true;
    let written = 0;
    const store = bufferedCounterStore(
      {
        // A counter that stands for a database which then goes away; written counts are tallied.
        async hit(_key, _window, amount = 1) {
          if (!available) throw new Error("database unreachable");
          written += amount;
          return written;
        },
      },
      60_000,
    );
    expect(await store.hit("grant:away", WINDOW)).toBe(1);
    available = false;
    expect(await store.hit("grant:away", WINDOW)).toBe(2);
    await expect(store.flush()).resolves.toBeUndefined();
    expect(await store.hit("grant:away", WINDOW)).toBe(3);
    available = true;
    await store.flush();
    expect(written).toBe(3);
  });
});

describe("buffered counting while a write is on its way", () => {
  it("keeps counting requests that arrive during the write", async () => {
    let written = 0;
    const slowDatabase = {
      async hit(_key: string, _window: string, amount = 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        written += amount;
        return written;
      },
    };
    const store = bufferedCounterStore(slowDatabase, 60_000);
    const counts: number[] = [];
    for (let index = 0; index < 120; index++) counts.push(await store.hit("grant:busy", WINDOW));
    const flushing = store.flush();
    counts.push(await store.hit("grant:busy", WINDOW));
    await flushing;
    counts.push(await store.hit("grant:busy", WINDOW));
    expect(counts.slice(-2)).toEqual([121, 122]);
  });
});
