/** Spec §3, §6: Account Workflow runs and their append-only event feed. */
export const WORKFLOW_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

export const WORKFLOW_EVENT_KINDS = [
  "run_queued",
  "run_started",
  "step_completed",
  "run_succeeded",
  "run_failed",
  "run_cancelled",
] as const;
export type WorkflowEventKind = (typeof WORKFLOW_EVENT_KINDS)[number];

export interface WorkflowRunView {
  runId: string;
  workflow: "account_workflow";
  accountId: string;
  status: WorkflowRunStatus;
  attempts: number;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** A stable code when the run failed, never a stack or a value. */
  failureCode: string | null;
}

export interface WorkflowEventView {
  eventId: string;
  runId: string;
  accountId: string;
  kind: WorkflowEventKind;
  step: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface NewWorkflowRun {
  runId: string;
  deskId: string;
  accountId: string;
  queuedAt: string;
}

/** The outcome of trying to take a run for execution. */
export type WorkflowClaim =
  | { kind: "claimed"; run: WorkflowRunView & { deskId: string }; completedSteps: string[] }
  /** Another worker holds an unexpired lease on it: try again later. */
  | { kind: "busy" }
  /** Succeeded, failed or cancelled: nothing to do. */
  | { kind: "finished" }
  | { kind: "unknown" };

export interface WorkflowEventInput {
  runId: string;
  deskId: string;
  accountId: string;
  kind: WorkflowEventKind;
  step?: string;
  data?: Record<string, unknown>;
  at: string;
}

/** What the checks step reads of an account. */
export interface IntakeAccount {
  amountProvided: boolean;
  creditorNamed: boolean;
  currency: string;
}

/**
 * Account Workflow's rows. The methods a worker runs take many runs at once (issue 47): a batch of
 * runs is claimed, stepped and finished in one statement per table, so 100,000 runs are a few
 * thousand commits, not half a million. The single-run forms are that same statement with one run.
 */
export interface WorkflowStore {
  /** Stores the runs as queued, each with its `run_queued` event. */
  createRuns(runs: readonly NewWorkflowRun[]): Promise<void>;
  /**
   * Takes each run that is queued, or running with an expired lease (a crashed worker), and
   * leases it to `workerId` until `leaseUntil`. Atomic per run: two workers never both claim one.
   * Answers every run asked for, by id.
   */
  claimRuns(runIds: readonly string[], workerId: string, now: string, leaseUntil: string): Promise<Map<string, WorkflowClaim>>;
  /** `claimRuns` for one run. */
  claim(runId: string, workerId: string, now: string, leaseUntil: string): Promise<WorkflowClaim>;
  /** Extends the leases the worker still holds; answers the runs whose lease it still held. */
  renewLeases(runIds: readonly string[], workerId: string, leaseUntil: string): Promise<string[]>;
  /**
   * Appends events, answering for each whether it was added. A `step_completed` event for a run and
   * step that is already recorded is not added again (`false`), so a resumed run never repeats a step.
   */
  appendEvents(events: readonly WorkflowEventInput[]): Promise<boolean[]>;
  /** `appendEvents` for one event. */
  appendEvent(event: WorkflowEventInput): Promise<boolean>;
  /** Ends the runs the worker holds. */
  finishRuns(runIds: readonly string[], workerId: string, status: "succeeded" | "failed", now: string, failureCode?: string): Promise<void>;
  /** `finishRuns` for one run. */
  finish(runId: string, workerId: string, status: "succeeded" | "failed", now: string, failureCode?: string): Promise<void>;
  /** Cancels the Desk's run if it is still queued; says what it found otherwise. */
  cancelQueued(deskId: string, runId: string, now: string): Promise<{ kind: "cancelled"; run: WorkflowRunView } | { kind: "not_queued" } | { kind: "unknown" }>;
  /** Sets the intake result on each account (the bookkeeping step). */
  recordIntakes(results: ReadonlyArray<{ accountId: string; intakeStatus: "ready" | "balance_missing" }>): Promise<void>;
  /** What the checks step reads of each account, by id; an account that is gone is absent. */
  accountsForIntake(accountIds: readonly string[]): Promise<Map<string, IntakeAccount>>;
  listRuns(deskId: string, query: { status?: WorkflowRunStatus; limit: number; after?: string; accountIds?: readonly string[] }): Promise<{
    runs: WorkflowRunView[];
    nextCursor: string | null;
  }>;
  /** Events in the order they were appended, after the event `after` (its id) when given. */
  listEvents(deskId: string, query: { limit: number; after?: string }): Promise<{
    events: WorkflowEventView[];
    nextCursor: string | null;
  }>;
  /** Events newest first, for people reading the feed; continues before the event `before` (its id). */
  pageEventsNewestFirst(deskId: string, query: { limit: number; before?: string }): Promise<{
    events: WorkflowEventView[];
    nextCursor: string | null;
  }>;
  /** Whether `eventId` is an event of this Desk (an unknown cursor is the caller's mistake). */
  hasEvent(deskId: string, eventId: string): Promise<boolean>;
  /**
   * Puts running runs back in the queue, dropping their leases. Only for a process that alone owns
   * the database (SQLite), where a running run at start can only be a crashed one.
   */
  requeueRunning(runIds: readonly string[]): Promise<void>;
  /** Runs a worker should pick up at start: queued ones, and running ones (possibly orphaned). */
  unfinishedRunIds(): Promise<{ queued: string[]; running: string[] }>;
}

/** Where new runs are handed to the job engine, after the transaction that stored them commits. */
export interface WorkflowQueue {
  enqueue(runIds: readonly string[]): Promise<void>;
}
