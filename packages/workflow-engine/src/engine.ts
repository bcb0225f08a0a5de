import type { WorkflowQueue } from "@connector/core/ports";

/** A job engine for Account Workflow runs behind core's WorkflowQueue port. */
export interface WorkflowEngine {
  queue: WorkflowQueue;
  /** Starts working, and picks up runs left queued or interrupted by a crash. */
  start(): Promise<void>;
  /**
   * Stops taking runs and waits up to `timeoutMs` (default 10 s) for the runs in hand. A run still
   * in hand then is handed back: its job is failed so any worker retries it once the run's lease is
   * over, and the run resumes after its last committed step.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** The engine's own queue, for the operator's gauges: jobs waiting for a worker and the longest wait. */
  backlog(): Promise<JobBacklog>;
}

/** Jobs waiting for a worker (retries waiting out their backoff included) and when the oldest was queued. */
export interface JobBacklog {
  waiting: number;
  /** Milliseconds since the epoch; undefined when none waits. */
  oldestQueuedAt: number | undefined;
}

export interface WorkflowEngineOptions {
  /** Names this process in run leases (default: a random id). */
  workerId?: string;
  /** How long a claim holds before another worker may take an interrupted run over (default 30 s). */
  leaseMs?: number;
  now?: () => Date;
  /** Told of failures that are not a run's own outcome (the database, the engine). */
  reportError?: (error: unknown) => void;
}

export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_STOP_TIMEOUT_MS = 10_000;
