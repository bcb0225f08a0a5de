import { describe, expect, it } from "vitest";
import { createStores } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { useDatabase } from "./support/database-fixture.js";

const MINUTE_1 = "2026-11-22T12:00:00.000Z";
const MINUTE_2 = "2026-11-22T12:01:00.000Z";

describe.each(TEST_DIALECTS)("rate limit counters on %s", (dialect) => {
  const fixture = useDatabase(dialect);

  it("counts hits per key and window", async () => {
    const { counters: rateLimits } = fixture.stores;
    expect(await rateLimits.hit("grant:a", MINUTE_1)).toBe(1);
    expect(await rateLimits.hit("grant:a", MINUTE_1)).toBe(2);
    expect(await rateLimits.hit("grant:a", MINUTE_1)).toBe(3);
    expect(await rateLimits.hit("grant:b", MINUTE_1)).toBe(1);
    expect(await rateLimits.hit("grant:a", MINUTE_2)).toBe(1);
  });

  it("loses no hit under concurrency: each caller gets a distinct count", async () => {
    const { counters: rateLimits } = fixture.stores;
    const counts = await Promise.all(Array.from({ length: 30 }, () => rateLimits.hit("grant:busy", MINUTE_1)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("prunes windows older than the current one now and then", async () => {
    const { counters: rateLimits } = createStores(fixture.database, { counters: { pruneEvery: 3, keepMs: 0 } });
    await rateLimits.hit("grant:prune", MINUTE_1);
    await rateLimits.hit("grant:prune", MINUTE_1);
    await rateLimits.hit("grant:prune", MINUTE_2); // third hit: prunes everything before MINUTE_2

    const windows = await fixture.database.db.selectFrom("rate_limit_counters").select(["bucket_key", "window_start"]).execute();
    expect(windows.every((row) => row.window_start >= MINUTE_2)).toBe(true);
    expect(await rateLimits.hit("grant:prune", MINUTE_2)).toBe(2);
  });
});
