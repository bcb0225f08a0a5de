import type { WorkflowQueue } from "@connector/core";

/** A job engine for Account Workflow runs behind core's WorkflowQueue port. */
export interface WorkflowEngine {
  queue: WorkflowQueue;
  /** Starts working, and picks up runs left queued or interrupted by a crash. */
  start(): Promise<void>;
  /** Stops taking runs and waits for the one in hand. */
  stop(): Promise<void>;
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
