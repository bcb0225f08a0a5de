import type { UnitOfWork } from "../ports/domain-stores.js";
import type { WorkflowQueue } from "../ports/workflow-stores.js";

/** What every back-office operation needs; built once by the host and shared by routes and pages. */
export interface BackOfficeDeps {
  stores: UnitOfWork;
  now?: () => Date;
  /** Where new Account Workflow runs are handed after commit; absent, runs wait for the next sweep. */
  workflowQueue?: WorkflowQueue;
}

export const clockOf = (deps: BackOfficeDeps): Date => (deps.now ?? (() => new Date()))();

/** Hands committed runs to the job engine. Runs are already stored, so a failure here loses nothing. */
export async function handOver(deps: BackOfficeDeps, runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0 || deps.workflowQueue === undefined) return;
  await deps.workflowQueue.enqueue(runIds);
}
