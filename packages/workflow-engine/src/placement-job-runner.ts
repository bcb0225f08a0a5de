import { randomUUID } from "node:crypto";
import type { BackOfficeDeps, PlacementJobRunner } from "@connector/core/back-office";
import { runPlacementJob } from "@connector/core/placements";
import { DEFAULT_LEASE_MS, DEFAULT_STOP_TIMEOUT_MS } from "./engine.js";

export interface PlacementJobRunnerOptions {
  /** Names this process in job leases (default: a random id). */
  workerId?: string;
  /** How long a claim on a job holds before another worker may take it over (default 30 s). */
  leaseMs?: number;
  /** How often jobs left by a crashed or stopped worker are looked for (default 5 s). */
  sweepMs?: number;
  /** Told of failures of a job's worker (the database); the job is taken up again after its lease. */
  reportError?: (error: unknown) => void;
}

export interface PlacementJobHost extends PlacementJobRunner {
  /** Takes up unfinished jobs now and then every `sweepMs`. */
  start(): Promise<void>;
  /** Stops taking jobs; jobs in hand stop at their next slice (up to `timeoutMs`) and stay leased for the next worker. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Hands the event loop to everything waiting (requests, timers) before the next slice: a macrotask. */
const setImmediateTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs placement jobs (issue 47) in this process, in the background of the request that stored
 * them, a slice at a time with `setImmediate` between slices. Jobs are rows: a job whose worker
 * died is found by the sweep once its lease is over, by this process or any other on the database.
 */
export function createPlacementJobRunner(deps: BackOfficeDeps, options: PlacementJobRunnerOptions = {}): PlacementJobHost {
  const worker = { workerId: options.workerId ?? `placement-${randomUUID()}`, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, stopping: () => stopping };
  const jobDeps: BackOfficeDeps = { ...deps, takeTurn: deps.takeTurn ?? setImmediateTurn };
  const inHand = new Map<string, Promise<void>>();
  let stopping = true;
  let sweeper: NodeJS.Timeout | undefined;

  const run = (jobId: string) => {
    if (stopping || inHand.has(jobId)) return;
    const job = runPlacementJob(jobDeps, jobId, worker)
      .catch((error: unknown) => options.reportError?.(error))
      .finally(() => inHand.delete(jobId));
    inHand.set(jobId, job);
  };
  // The sweep also deletes uploads a day old that nobody placed or cancelled, so their parts are not kept
  // until the Desk next begins a file.
  const sweep = async () => {
    const now = (deps.now?.() ?? new Date()).toISOString();
    for (const jobId of await deps.stores.placementJobs.claimable(now)) run(jobId);
    await deps.stores.placementUploads.deleteExpired(now);
  };

  return {
    run,
    async start() {
      stopping = false;
      await sweep();
      sweeper = setInterval(() => sweep().catch((error: unknown) => options.reportError?.(error)), options.sweepMs ?? 5000);
      sweeper.unref();
    },
    async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      stopping = true;
      clearInterval(sweeper);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...inHand.values()]), timedOut]);
      clearTimeout(timer);
    },
  };
}
