import { randomUUID } from "node:crypto";
import type { UnitOfWork } from "@connector/core";
import { SliceSizer } from "@connector/core/back-office";
import { executeWorkflowRuns, MAX_RUN_ATTEMPTS } from "@connector/core/workflow";
import { DEFAULT_LEASE_MS, DEFAULT_STOP_TIMEOUT_MS, type JobBacklog, type WorkflowEngine, type WorkflowEngineOptions } from "./engine.js";

/** Retry delay after a failed attempt: 1 s, 2 s, 4 s, … (the same backoff pg-boss uses). */
const retryDelayMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

/**
 * Runs taken at once (issue 47). A batch is four transactions (claim, each step, finish) with no
 * turn between them, so its size is what keeps it short: sized as it goes to about 8 ms (on
 * SQLite some tens of runs), and 100,000 runs are a few thousand commits rather than 500,000. At 12 ms
 * a batch whose commit also checkpointed the WAL, or met a collection, held the loop past 50 ms in the
 * bench's worst runs; at 8 ms the runs still go at twice the 2,000 a second asked.
 */
const batchSizer = () => new SliceSizer({ first: 20, min: 5, max: 500 }, 8);

/**
 * Lets every other callback waiting in the event loop (requests read from their sockets, timers) run
 * before the next batch. better-sqlite3 is synchronous: an `await` on it settles as a microtask, so
 * without a macrotask between batches no other request would be read until the last run ended.
 */
const otherWorkTakesItsTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs Account Workflow in this process, a batch at a time, for the embedded SQLite database, which
 * one process owns. Durable because the runs are rows: at start every queued run is taken up and
 * every running run (a crash left it) is put back in the queue and resumed after its last step.
 */
export function createInProcessEngine(stores: UnitOfWork, options: WorkflowEngineOptions = {}): WorkflowEngine {
  const worker = {
    stores,
    workerId: options.workerId ?? `in-process-${randomUUID()}`,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  const pending: string[] = [];
  const failures = new Map<string, number>();
  /** When each run not yet done was first handed to this engine (ms), for the backlog gauge. */
  const queuedAt = new Map<string, number>();
  const nowMs = () => (options.now?.() ?? new Date()).getTime();
  const enqueued = (runIds: readonly string[]) => {
    const at = nowMs();
    for (const runId of runIds) if (!queuedAt.has(runId)) queuedAt.set(runId, at);
    pending.push(...runIds);
  };
  const timers = new Set<NodeJS.Timeout>();
  /** Runs waiting out a retry's backoff. */
  const retrying = new Set<string>();
  let running: Promise<void> | undefined;
  let stopped = true;

  const schedule = () => {
    if (stopped || running !== undefined) return;
    running = drain().finally(() => {
      running = undefined;
      if (pending.length > 0) schedule();
    });
  };

  const sizer = batchSizer();
  async function drain(): Promise<void> {
    while (!stopped && pending.length > 0) {
      const batch = [...new Set(pending.splice(0, sizer.size))];
      try {
        const outcomes = await sizer.measure(batch.length, () => executeWorkflowRuns(worker, batch));
        for (const runId of batch) {
          if (outcomes.get(runId) === "busy") retryLater(runId);
          else {
            failures.delete(runId);
            queuedAt.delete(runId);
          }
        }
      } catch (error) {
        options.reportError?.(error);
        // The runs stay stored as queued or running; a later attempt (or the next start) resumes each.
        for (const runId of batch) retryLater(runId);
      }
      await otherWorkTakesItsTurn();
    }
  }

  function retryLater(runId: string): void {
    const attempt = (failures.get(runId) ?? 0) + 1;
    failures.set(runId, attempt);
    if (attempt > MAX_RUN_ATTEMPTS) {
      queuedAt.delete(runId);
      return;
    }
    retrying.add(runId);
    const timer = setTimeout(() => {
      timers.delete(timer);
      retrying.delete(runId);
      pending.push(runId);
      schedule();
    }, retryDelayMs(attempt));
    timer.unref();
    timers.add(timer);
  }

  return {
    queue: {
      async enqueue(runIds) {
        enqueued(runIds);
        schedule();
      },
    },
    async start() {
      stopped = false;
      const { queued, running: interrupted } = await stores.workflows.unfinishedRunIds();
      await stores.workflows.requeueRunning(interrupted);
      enqueued([...queued, ...interrupted]);
      schedule();
    },
    async backlog(): Promise<JobBacklog> {
      // Waiting: in the queue, or waiting out a retry's backoff; not the batch in hand.
      let oldest: number | undefined;
      const consider = (runId: string) => {
        const at = queuedAt.get(runId);
        if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
      };
      for (const runId of pending) consider(runId);
      for (const runId of retrying) consider(runId);
      return { waiting: pending.length + retrying.size, oldestQueuedAt: oldest };
    },
    async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      retrying.clear();
      // A run still in hand at the timeout stays stored as running; the next start resumes it.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([running, timedOut]);
      clearTimeout(timer);
    },
  };
}
