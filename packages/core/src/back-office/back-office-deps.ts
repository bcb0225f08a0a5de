import type { UnitOfWork } from "../ports/domain-stores.js";
import type { WorkflowQueue } from "../ports/workflow-stores.js";
import type { TakeTurn } from "../scheduling/take-turns.js";
import type { PreviewSlots } from "../placements/preview-slots.js";

/** Runs placement jobs in the background (issue 47): the host's runner, which calls `runPlacementJob`. */
export interface PlacementJobRunner {
  /** Takes the stored job up soon, without waiting for it. */
  run(jobId: string): void;
}

/** What every back-office operation needs; built once by the host and shared by routes and pages. */
export interface BackOfficeDeps {
  stores: UnitOfWork;
  now?: () => Date;
  /** Where new Account Workflow runs are handed after commit; absent, runs wait for the next sweep. */
  workflowQueue?: WorkflowQueue;
  /** Told of failures that do not fail the request (handing runs to the job engine). */
  reportError?: (error: unknown) => void;
  /** How long work hands the turn to other requests (Node: `setImmediate`); `setTimeout(0)` without it. */
  takeTurn?: TakeTurn;
  /** Where a file's placement job runs; without one, the request that places the file runs it to its end. */
  placementJobs?: PlacementJobRunner;
  /** Previews a Desk may run at once in this process; unbounded without it. */
  previewSlots?: PreviewSlots;
  /**
   * How long one transaction of long work (a file's accounts saved or released) may take. On a
   * synchronous driver (SQLite) it holds the event loop: about 15 ms, the default. On a database
   * server it holds only its own new rows and the process waits on the network meanwhile, so a
   * host gives it longer, and a file goes in far fewer round trips and commits.
   */
  transactionMs?: number;
  /**
   * Statements run in another process (a database server), so long work may check the next rows while a
   * transaction saves the last ones. Off by default: on a synchronous driver (SQLite) a transaction holds
   * the event loop to its end, and the work takes a turn after it instead.
   */
  databaseApart?: boolean;
}

export const clockOf = (deps: BackOfficeDeps): Date => (deps.now ?? (() => new Date()))();

/**
 * Hands committed runs to the job engine. The runs are already stored as queued, so a failure here
 * loses nothing and must not fail the request that saved them: it is reported, and the engine's
 * sweep of queued runs (at start) gives them their jobs.
 */
export async function handOver(deps: BackOfficeDeps, runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0 || deps.workflowQueue === undefined) return;
  try {
    await deps.workflowQueue.enqueue(runIds);
  } catch (error) {
    deps.reportError?.(error);
  }
}
