import { randomUUID } from "node:crypto";
import type { UnitOfWork } from "@connector/core";
import { executeWorkflowRuns, MAX_RUN_ATTEMPTS } from "@connector/core/workflow";
import { PgBoss, type Queue } from "pg-boss";
import { DEFAULT_LEASE_MS, DEFAULT_STOP_TIMEOUT_MS, type JobBacklog, type WorkflowEngine, type WorkflowEngineOptions } from "./engine.js";
import { PG_BOSS_SCHEMA, retireOlderPgBossSchema } from "./retire-older-pg-boss-schema.js";

/** Runs one pg-boss fetch hands a worker loop: four short transactions for the batch (claim, each step, finish). */
const PG_BOSS_BATCH_RUNS = 25;

/** The pg-boss queue Account Workflow jobs go through. */
export const ACCOUNT_WORKFLOW_QUEUE = "account-workflow";

export interface PgBossEngineOptions extends WorkflowEngineOptions {
  /** The service's PostgreSQL database; pg-boss keeps its jobs in the `pgboss` schema there. */
  connectionString: string;
  /** How often an idle worker looks for jobs (default 1 s; pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Worker loops in this process (default 4), each taking a batch of runs per fetch. */
  concurrency?: number;
}

/**
 * Account Workflow on pg-boss 12: each run is a job with
 * retries and exponential backoff; pg-boss fetches jobs with `SKIP LOCKED`, so one job goes to one
 * worker across processes, and expires and retries jobs whose worker died. The run's own lease
 * (core's `executeWorkflowRun`) is the second guard: a run is executed by one holder at a time and
 * resumes after its last recorded step.
 */
export function createPgBossEngine(stores: UnitOfWork, options: PgBossEngineOptions): WorkflowEngine {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const worker = {
    stores,
    workerId: options.workerId ?? `pg-boss-${randomUUID()}`,
    leaseMs,
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: PG_BOSS_SCHEMA,
    max: 3,
    // No cron schedules here; pg-boss's maintenance (expiry, retention) stays on.
    schedule: false,
    // pg-boss's own spans (on once a host registers an OpenTelemetry SDK) would record its errors'
    // messages and a span per job (a file of 100,000 accounts, 100,000 traces): the service traces
    // requests, not background work (docs/decisions.md, "Observability").
    openTelemetry: { enabled: false },
  });
  boss.on("error", (error) => options.reportError?.(error));
  const jobOptions = {
    retryLimit: MAX_RUN_ATTEMPTS,
    retryDelay: 1,
    retryBackoff: true,
    // A job outlives the run's lease, so a crashed worker's run is retried after the lease is gone.
    expireInSeconds: Math.max(60, Math.ceil((leaseMs * 2) / 1000)),
  };
  const workerIds: string[] = [];
  const send = async (runIds: readonly string[]) => {
    if (runIds.length === 0) return;
    await boss.insert(
      ACCOUNT_WORKFLOW_QUEUE,
      runIds.map((runId) => ({ data: { runId }, ...jobOptions })),
    );
    // This process's idle workers look now rather than at their next poll; other processes poll.
    for (const id of workerIds) boss.notifyWorker(id);
  };

  return {
    queue: { enqueue: send },
    async start() {
      // A database last run by pg-boss 10 keeps that major's schema, which pg-boss 12 cannot migrate:
      // it is moved aside first, and the sweep below gives every unfinished run a new job.
      await retireOlderPgBossSchema(options.connectionString);
      await boss.start();
      await ensureQueue(boss, { name: ACCOUNT_WORKFLOW_QUEUE, ...jobOptions });
      for (let loop = 0; loop < (options.concurrency ?? 4); loop++) {
        // pg-boss's own batching (issue 47): a batch of runs per fetch, fetched again at once while
        // batches come back full, each run's job settled on its own: a run another worker holds fails
        // its job (retried with backoff), the rest complete. A throw (a database outage) fails the batch.
        const id = await boss.work<{ runId: string }>(
          ACCOUNT_WORKFLOW_QUEUE,
          { batchSize: PG_BOSS_BATCH_RUNS, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          async (jobs) => {
            const outcomes = await executeWorkflowRuns(
              worker,
              jobs.map((job) => job.data.runId),
            );
            return jobs.map((job) => ({ id: job.id, status: outcomes.get(job.data.runId) === "busy" ? ("failed" as const) : ("completed" as const) }));
          },
        );
        workerIds.push(id);
      }
      // Runs stored without a job (a crash between commit and send) or interrupted: give them a job.
      // A duplicate job is harmless: the run's claim lets one holder through and finished runs are skipped.
      const { queued, running } = await stores.workflows.unfinishedRunIds();
      await send([...queued, ...running]);
    },
    async backlog(): Promise<JobBacklog> {
      // pg-boss's own table, read through its pool: jobs created or waiting to retry (state < active),
      // which its index for live jobs (name, state, …) finds without reading finished ones.
      const { rows } = await boss
        .getDb()
        .executeSql(`SELECT count(*)::int AS waiting, min(created_on) AS oldest FROM ${PG_BOSS_SCHEMA}.job WHERE name = $1 AND state < 'active'`, [
          ACCOUNT_WORKFLOW_QUEUE,
        ]);
      const row = rows[0] as { waiting: number; oldest: Date | string | null } | undefined;
      const oldest = row?.oldest === null || row?.oldest === undefined ? undefined : new Date(row.oldest).getTime();
      return { waiting: Number(row?.waiting ?? 0), oldestQueuedAt: oldest };
    },
    async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      // Graceful: no new fetches, and the jobs in hand may finish until the timeout (pg-boss's least is 1 s).
      // Then pg-boss fails the jobs still in hand, so they are retried (with backoff) by any worker.
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}

/**
 * Creates the queue unless it exists. Two processes starting together can deadlock inside pg-boss's
 * `create_queue` (seen in the two-worker test); the loser retries, and then finds the queue there.
 */
async function ensureQueue(boss: PgBoss, queue: Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await boss.getQueue(queue.name)) !== null) return;
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
