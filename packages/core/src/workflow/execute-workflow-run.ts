import { ServiceError } from "../errors/service-error.js";
import type { UnitOfWork } from "../ports/domain-stores.js";
import type { WorkflowStore } from "../ports/workflow-stores.js";

/**
 * Account Workflow's steps (docs/decisions.md): intake checks and bookkeeping only. No step sends a
 * message, contacts anyone or touches money.
 */
export const ACCOUNT_WORKFLOW_STEPS = ["check_account_data", "record_intake"] as const;
export type AccountWorkflowStep = (typeof ACCOUNT_WORKFLOW_STEPS)[number];

/** After this many claims a run is marked failed instead of being tried again. */
export const MAX_RUN_ATTEMPTS = 5;

export interface WorkflowWorker {
  stores: UnitOfWork;
  /** Names this worker in leases: a process, or one engine instance. */
  workerId: string;
  /** How long a claim holds before another worker may take the run over (a crash). */
  leaseMs: number;
  now?: () => Date;
}

export type WorkflowRunOutcome = "succeeded" | "failed" | "finished_before" | "unknown";

/**
 * Executes one run to its end, resuming after the last recorded step: each step appends its
 * `step_completed` event and does its bookkeeping in one transaction, and a step already recorded
 * is never repeated. Throws `workflow_run_busy` when another live worker holds the run, so the job
 * engine retries later with backoff; store failures propagate for the same reason.
 */
export async function executeWorkflowRun(worker: WorkflowWorker, runId: string): Promise<WorkflowRunOutcome> {
  const clock = worker.now ?? (() => new Date());
  const leaseUntil = () => new Date(clock().getTime() + worker.leaseMs).toISOString();
  const claim = await worker.stores.workflows.claim(runId, worker.workerId, clock().toISOString(), leaseUntil());
  if (claim.kind === "unknown") return "unknown";
  if (claim.kind === "finished") return "finished_before";
  if (claim.kind === "busy") throw new ServiceError("workflow_run_busy", "Another worker is running this workflow run.");
  const { run, completedSteps } = claim;
  const base = { runId, deskId: run.deskId, accountId: run.accountId };

  if (run.attempts > MAX_RUN_ATTEMPTS) return fail(worker, base, "too_many_attempts", clock);
  await worker.stores.workflows.appendEvent({
    ...base,
    kind: "run_started",
    data: { attempt: run.attempts, resumedAfter: completedSteps.length, workerId: worker.workerId },
    at: clock().toISOString(),
  });

  for (const step of ACCOUNT_WORKFLOW_STEPS) {
    if (completedSteps.includes(step)) continue;
    const outcome = await worker.stores.transaction(async (stores) => {
      const account = await stores.workflows.accountForIntake(run.accountId);
      if (account === undefined) return "account_missing" as const;
      const data = stepData(step, account);
      const recorded = await stores.workflows.appendEvent({ ...base, kind: "step_completed", step, data, at: clock().toISOString() });
      if (recorded && step === "record_intake") {
        await stores.workflows.recordIntake(run.accountId, account.amountProvided ? "ready" : "balance_missing");
      }
      if (!(await stores.workflows.renewLease(runId, worker.workerId, leaseUntil()))) return "lease_lost" as const;
      return "done" as const;
    });
    if (outcome === "account_missing") return fail(worker, base, "account_missing", clock);
    // Taken over after our lease ran out: the new holder finishes the run.
    if (outcome === "lease_lost") throw new ServiceError("workflow_run_busy", "The lease on this workflow run was lost.");
  }

  await worker.stores.transaction(async (stores) => {
    await stores.workflows.appendEvent({ ...base, kind: "run_succeeded", at: clock().toISOString() });
    await stores.workflows.finish(runId, worker.workerId, "succeeded", clock().toISOString());
  });
  return "succeeded";
}

function stepData(
  step: AccountWorkflowStep,
  account: NonNullable<Awaited<ReturnType<WorkflowStore["accountForIntake"]>>>,
): Record<string, unknown> {
  if (step === "check_account_data") {
    return { balanceProvided: account.amountProvided, creditorNamed: account.creditorNamed, currency: account.currency };
  }
  return { intakeStatus: account.amountProvided ? "ready" : "balance_missing" };
}

async function fail(
  worker: WorkflowWorker,
  base: { runId: string; deskId: string; accountId: string },
  failureCode: string,
  clock: () => Date,
): Promise<"failed"> {
  await worker.stores.transaction(async (stores) => {
    await stores.workflows.appendEvent({ ...base, kind: "run_failed", data: { failureCode }, at: clock().toISOString() });
    await stores.workflows.finish(base.runId, worker.workerId, "failed", clock().toISOString(), failureCode);
  });
  return "failed";
}
