import { describe, expect, it } from "vitest";
import { exhaustedWindowMemo } from "../src/index.js";
import { TEST_DIALECTS } from "../src/testing/index.js";
import { useDatabase } from "./support/database-fixture.js";

const MINUTE_1 = "2026-11-22T12:00:00.000Z";
const MINUTE_2 = "2026-11-22T12:01:00.000Z";

describe.each(TEST_DIALECTS)("calls past the limit are not written on %s", (dialect) => {
  const fixture = useDatabase(dialect);

  const stored = async (key: string, window: string) =>
    Number(
      (
        await fixture.database.db
          .selectFrom("rate_limit_counters")
          .select("count")
          .where("bucket_key", "=", key)
          .where("window_start", "=", window)
          .executeTakeFirst()
      )?.count ?? 0,
    );

  it("counts in the database up to one past the ceiling, then answers that window from memory; the next window counts again", async () => {
    const counters = exhaustedWindowMemo(fixture.stores.counters, 3);
    const counts: number[] = [];
    for (let call = 0; call < 6; call++) counts.push(await counters.hit("per-grant:memo", MINUTE_1));
    expect(counts).toEqual([1, 2, 3, 4, 4, 4]);
    expect(await stored("per-grant:memo", MINUTE_1)).toBe(4);
    // Another key in the same window is counted on its own.
    expect(await counters.hit("per-grant:other", MINUTE_1)).toBe(1);
    expect(await counters.hit("per-grant:memo", MINUTE_2)).toBe(1);
    expect(await stored("per-grant:memo", MINUTE_2)).toBe(1);
  });
});
