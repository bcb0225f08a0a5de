import type { UnitOfWork } from "../ports/domain-stores.js";
import type { WorkflowQueue } from "../ports/workflow-stores.js";

/** What every back-office operation needs; built once by the host and shared by routes and pages. */
export interface BackOfficeDeps {
  stores: UnitOfWork;
  now?: () => Date;
  /** Where new Account Workflow runs are handed after commit; absent, runs wait for the next sweep. */
  workflowQueue?: WorkflowQueue;
  /** Told of failures that do not fail the request (handing runs to the job engine). */
  reportError?: (error: unknown) => void;
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
