import { queueDemoRuns, withTestDatabaseUrl } from "./support.js";
import { SHARED_DATABASE_IN_RUN } from "@connector/store/testing";
import { describe, expect, it } from "vitest";
import { createPgBossEngine } from "../src/index.js";

const RUNS = 24;

describe.skipIf(!SHARED_DATABASE_IN_RUN)("Account Workflow on pg-boss", () => {
  it("never gives one run to two workers on the same PostgreSQL, even with a job sent twice per run", async () => {
    await withTestDatabaseUrl(async (database, url) => {
      const { stores, deskId, runs } = await queueDemoRuns(database, RUNS);

      const workers = ["worker-a", "worker-b"].map((workerId) =>
        createPgBossEngine(stores, { connectionString: url, workerId, pollingIntervalSeconds: 0.5 }),
      );
      try {
        // Both start (each sweeps the queued runs into jobs), then both are sent every run again.
        await Promise.all(workers.map((worker) => worker.start()));
        await Promise.all(workers.map((worker) => worker.queue.enqueue(runs.map((run) => run.runId))));
        const deadline = Date.now() + 40_000;
        for (;;) {
          const { queued, running } = await stores.workflows.unfinishedRunIds();
          if (queued.length + running.length === 0 || Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }

      const events = await database.db.selectFrom("workflow_events").selectAll().where("desk_id", "=", deskId).execute();
      const startedBy = new Set<string>();
      for (const run of runs) {
        const ofRun = events.filter((event) => event.run_id === run.runId);
        const started = ofRun.filter((event) => event.kind === "run_started");
        expect(started, run.runId).toHaveLength(1);
        startedBy.add(JSON.parse(started[0]!.data_json).workerId);
        expect(ofRun.filter((event) => event.kind === "step_completed").map((event) => event.step)).toEqual([
          "check_account_data",
          "record_intake",
        ]);
        expect(ofRun.filter((event) => event.kind === "run_succeeded")).toHaveLength(1);
      }
      const statuses = await database.db.selectFrom("workflow_runs").select("status").execute();
      expect(statuses.every((row) => row.status === "succeeded")).toBe(true);
      expect([...startedBy].every((worker) => worker === "worker-a" || worker === "worker-b")).toBe(true);
    });
  });
});
