import { SHARED_DATABASE_IN_RUN } from "@connector/store/testing";
import type { UnitOfWork } from "@connector/core";
import { describe, expect, it } from "vitest";
import { createInProcessEngine, createPgBossEngine } from "../src/index.js";
import { queueDemoRuns, withTestDatabaseUrl } from "./support.js";

describe("the engines' backlog, for the operator's gauges", () => {
  it("in-process: the runs handed to it and not yet taken, and when the first was handed over", async () => {
    let now = Date.parse("2026-11-29T02:00:00.000Z");
    // Not started: nothing is taken, so what is handed over waits (the stores are never reached).
    const engine = createInProcessEngine({} as UnitOfWork, { now: () => new Date(now) });
    expect(await engine.backlog()).toEqual({ waiting: 0, oldestQueuedAt: undefined });
    await engine.queue.enqueue(["run-1", "run-2"]);
    now += 5000;
    await engine.queue.enqueue(["run-3", "run-1"]);
    expect(await engine.backlog()).toEqual({ waiting: 4, oldestQueuedAt: Date.parse("2026-11-29T02:00:00.000Z") });
  });

  it.skipIf(!SHARED_DATABASE_IN_RUN)("pg-boss: the jobs created or waiting to retry in its queue, and the oldest one's creation", async () => {
    await withTestDatabaseUrl(async (database, url) => {
      const { stores } = await queueDemoRuns(database, 3);
      // No worker loop: the sweep at start gives each queued run a job, and the jobs wait.
      const engine = createPgBossEngine(stores, { connectionString: url, concurrency: 0 });
      const before = Date.now();
      try {
        await engine.start();
        const backlog = await engine.backlog();
        expect(backlog.waiting).toBe(3);
        expect(backlog.oldestQueuedAt).toBeGreaterThanOrEqual(before - 60_000);
        expect(backlog.oldestQueuedAt).toBeLessThanOrEqual(Date.now() + 60_000);
      } finally {
        await engine.stop(1000);
      }
    });
  }, 60_000);
});
