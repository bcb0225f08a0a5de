import { executeWorkflowRun } from "@connector/core/workflow";
import { SHARED_DATABASE_IN_RUN } from "@connector/store/testing";
import pg from "pg";
// The pg-boss major today's main ran (10.x): it writes the database an upgrading operator has.
import PgBoss10 from "pg-boss-10";
import { describe, expect, it } from "vitest";
import { ACCOUNT_WORKFLOW_QUEUE, createPgBossEngine, retiredSchemaName } from "../src/index.js";
import { queueDemoRuns, withTestDatabaseUrl } from "./support.js";

/** pg-boss 10's schema version (its `version.json`), the one an upgraded database starts from. */
const PG_BOSS_10_SCHEMA_VERSION = 24;
/** The job options the engine on main sent each run with (pg-boss-engine.ts before the upgrade). */
const MAIN_JOB_OPTIONS = { retryLimit: 3, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 };

async function scalar(url: string, sql: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(sql);
    return Object.values(rows[0] ?? {})[0];
  } finally {
    await client.end();
  }
}

describe.skipIf(!SHARED_DATABASE_IN_RUN)("upgrading a database from pg-boss 10 (README, \"Upgrading from pg-boss 10\")", () => {
  it("runs every queued and interrupted run once, and finished runs never again", async () => {
    await withTestDatabaseUrl(async (database, url) => {
      const { stores, runs } = await queueDemoRuns(database, 9);
      const finished = runs.slice(0, 3).map((run) => run.runId);
      const interrupted = runs[3]!.runId;
      const queued = runs.slice(4).map((run) => run.runId);

      // Today's main on pg-boss 10: every run gets a job; three finish, one is cut off after its first
      // step (its process died: the job stays active in pg-boss 10, the run's lease ran out), five wait.
      const oldBoss = new PgBoss10({ connectionString: url, schedule: false, supervise: false });
      await oldBoss.start();
      await oldBoss.createQueue(ACCOUNT_WORKFLOW_QUEUE, { name: ACCOUNT_WORKFLOW_QUEUE, ...MAIN_JOB_OPTIONS });
      await oldBoss.insert(runs.map((run) => ({ name: ACCOUNT_WORKFLOW_QUEUE, data: { runId: run.runId }, ...MAIN_JOB_OPTIONS })));
      const oldWorker = { stores, workerId: "main-on-pg-boss-10", leaseMs: 30_000 };
      for (const runId of finished) expect(await executeWorkflowRun(oldWorker, runId)).toBe("succeeded");
      const past = new Date(Date.now() - 60_000).toISOString();
      const claim = await stores.workflows.claim(interrupted, oldWorker.workerId, past, new Date(Date.now() - 30_000).toISOString());
      expect(claim.kind).toBe("claimed");
      const interruptedRun = runs[3]!;
      await stores.workflows.appendEvent({
        runId: interrupted,
        deskId: interruptedRun.deskId,
        accountId: interruptedRun.accountId,
        kind: "step_completed",
        step: "check_account_data",
        data: {},
        at: past,
      });
      const [activeJob] = await oldBoss.fetch<{ runId: string }>(ACCOUNT_WORKFLOW_QUEUE, { batchSize: 9 }).then((jobs) =>
        (jobs ?? []).filter((job) => job.data.runId === interrupted),
      );
      expect(activeJob).toBeDefined();
      await oldBoss.stop({ graceful: false, wait: true });
      const eventsBefore = await database.db.selectFrom("workflow_events").select(["run_id", "kind", "step"]).execute();

      // The upgrade: the new engine starts on the same database.
      const engine = createPgBossEngine(stores, { connectionString: url, workerId: "after-upgrade", pollingIntervalSeconds: 0.5 });
      try {
        await engine.start();
        const deadline = Date.now() + 40_000;
        for (;;) {
          const unfinished = await stores.workflows.unfinishedRunIds();
          if (unfinished.queued.length + unfinished.running.length === 0 || Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } finally {
        await engine.stop();
      }

      // pg-boss 10's tables are kept aside, whole; pg-boss 12 installed its own.
      const retired = retiredSchemaName(PG_BOSS_10_SCHEMA_VERSION);
      expect(Number(await scalar(url, `select count(*) from ${retired}.job where name = '${ACCOUNT_WORKFLOW_QUEUE}'`))).toBe(9);
      expect(Number(await scalar(url, "select version from pgboss.version"))).toBeGreaterThan(PG_BOSS_10_SCHEMA_VERSION);

      const events = await database.db.selectFrom("workflow_events").select(["run_id", "kind", "step"]).execute();
      const of = (runId: string) => events.filter((event) => event.run_id === runId);
      // Finished runs: not one event more.
      for (const runId of finished) {
        expect(of(runId), runId).toEqual(eventsBefore.filter((event) => event.run_id === runId));
      }
      // Every other run: each step once, one success.
      for (const runId of [interrupted, ...queued]) {
        const steps = of(runId).filter((event) => event.kind === "step_completed").map((event) => event.step);
        expect(steps, runId).toEqual(["check_account_data", "record_intake"]);
        expect(of(runId).filter((event) => event.kind === "run_succeeded"), runId).toHaveLength(1);
      }
      const statuses = await database.db.selectFrom("workflow_runs").select("status").execute();
      expect(statuses.map((row) => row.status)).toEqual(Array(9).fill("succeeded"));

      // A second start (another process, or the next deploy) moves nothing and runs nothing again.
      const again = createPgBossEngine(stores, { connectionString: url, workerId: "second-start", pollingIntervalSeconds: 0.5 });
      await again.start();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await again.stop();
      const eventsAfter = await database.db.selectFrom("workflow_events").select(["run_id", "kind", "step"]).execute();
      expect(eventsAfter).toHaveLength(events.length);
      expect(await scalar(url, `select count(*) from pg_namespace where nspname like 'pgboss%'`)).toBe("2");
    });
  });
});
