import { ServiceError } from "../errors/service-error.js";
import type { DomainStores, UnitOfWork } from "../ports/domain-stores.js";
import type { IntakeAccount, WorkflowClaim, WorkflowEventInput } from "../ports/workflow-stores.js";

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
/** A run's outcome in a batch; `busy`: another live worker holds it (or took it over), try later. */
export type WorkflowBatchOutcome = WorkflowRunOutcome | "busy";

type ClaimedRun = Extract<WorkflowClaim, { kind: "claimed" }>;
type RunBase = { runId: string; deskId: string; accountId: string };
const baseOf = ({ run }: ClaimedRun): RunBase => ({ runId: run.runId, deskId: run.deskId, accountId: run.accountId });

/**
 * Executes a batch of runs to their end, resuming each after its last recorded step (issue 47): the
 * batch is claimed in one transaction, each step is one transaction for every run of the batch
 * (its `step_completed` events and bookkeeping together, so a step is recorded once and never
 * repeated), and the batch ends in one more. Four commits for the batch instead of five per run;
 * each step's guarantee is the same as when runs went one by one. Store failures propagate: the job
 * engine retries the whole batch, and every run resumes after its last committed step.
 */
export async function executeWorkflowRuns(worker: WorkflowWorker, runIds: readonly string[]): Promise<Map<string, WorkflowBatchOutcome>> {
  const clock = worker.now ?? (() => new Date());
  const at = () => clock().toISOString();
  const leaseUntil = () => new Date(clock().getTime() + worker.leaseMs).toISOString();
  const outcomes = new Map<string, WorkflowBatchOutcome>();

  let active = await worker.stores.transaction(async (stores) => {
    const claims = await stores.workflows.claimRuns(runIds, worker.workerId, at(), leaseUntil());
    const claimed: ClaimedRun[] = [];
    for (const [runId, claim] of claims) {
      if (claim.kind === "claimed") claimed.push(claim);
      else outcomes.set(runId, claim.kind === "finished" ? "finished_before" : claim.kind);
    }
    const spent = claimed.filter((claim) => claim.run.attempts > MAX_RUN_ATTEMPTS);
    await failRuns(stores, worker, spent, "too_many_attempts", at(), outcomes);
    const live = claimed.filter((claim) => claim.run.attempts <= MAX_RUN_ATTEMPTS);
    await stores.workflows.appendEvents(
      live.map((claim) => ({
        ...baseOf(claim),
        kind: "run_started",
        data: { attempt: claim.run.attempts, resumedAfter: claim.completedSteps.length, workerId: worker.workerId },
        at: at(),
      })),
    );
    return live;
  });

  for (const step of ACCOUNT_WORKFLOW_STEPS) {
    const due = active.filter((claim) => !claim.completedSteps.includes(step));
    if (due.length === 0) continue;
    const lost = await worker.stores.transaction(async (stores) => {
      const accounts = await stores.workflows.accountsForIntake(due.map((claim) => claim.run.accountId));
      const missing = due.filter((claim) => !accounts.has(claim.run.accountId));
      await failRuns(stores, worker, missing, "account_missing", at(), outcomes);
      const present = due.filter((claim) => accounts.has(claim.run.accountId));
      const recorded = await stores.workflows.appendEvents(
        present.map((claim) => ({ ...baseOf(claim), kind: "step_completed", step, data: stepData(step, accounts.get(claim.run.accountId)!), at: at() })),
      );
      if (step === "record_intake") {
        await stores.workflows.recordIntakes(
          present.filter((_, index) => recorded[index]).map((claim) => ({ accountId: claim.run.accountId, intakeStatus: intakeStatus(accounts.get(claim.run.accountId)!) })),
        );
      }
      const held = new Set(await stores.workflows.renewLeases(present.map((claim) => claim.run.runId), worker.workerId, leaseUntil()));
      return new Set([...missing, ...present.filter((claim) => !held.has(claim.run.runId))].map((claim) => claim.run.runId));
    });
    for (const claim of due) {
      // Taken over after our lease ran out: the new holder finishes the run.
      if (lost.has(claim.run.runId) && !outcomes.has(claim.run.runId)) outcomes.set(claim.run.runId, "busy");
    }
    active = active.filter((claim) => !lost.has(claim.run.runId));
  }

  if (active.length > 0) {
    await worker.stores.transaction(async (stores) => {
      await stores.workflows.appendEvents(active.map((claim) => ({ ...baseOf(claim), kind: "run_succeeded", at: at() })));
      await stores.workflows.finishRuns(
        active.map((claim) => claim.run.runId),
        worker.workerId,
        "succeeded",
        at(),
      );
    });
    for (const claim of active) outcomes.set(claim.run.runId, "succeeded");
  }
  return outcomes;
}

/**
 * Executes one run: the batch of one. Throws `workflow_run_busy` when another live worker holds the
 * run, so a job engine retries later with backoff.
 */
export async function executeWorkflowRun(worker: WorkflowWorker, runId: string): Promise<WorkflowRunOutcome> {
  const outcome = (await executeWorkflowRuns(worker, [runId])).get(runId) ?? "unknown";
  if (outcome === "busy") throw new ServiceError("workflow_run_busy", "Another worker is running this workflow run.");
  return outcome;
}

const intakeStatus = (account: IntakeAccount) => (account.amountProvided ? "ready" : "balance_missing");

function stepData(step: AccountWorkflowStep, account: IntakeAccount): Record<string, unknown> {
  if (step === "check_account_data") {
    return { balanceProvided: account.amountProvided, creditorNamed: account.creditorNamed, currency: account.currency };
  }
  return { intakeStatus: intakeStatus(account) };
}

async function failRuns(
  stores: DomainStores,
  worker: WorkflowWorker,
  claims: readonly ClaimedRun[],
  failureCode: string,
  at: string,
  outcomes: Map<string, WorkflowBatchOutcome>,
): Promise<void> {
  if (claims.length === 0) return;
  const events: WorkflowEventInput[] = claims.map((claim) => ({ ...baseOf(claim), kind: "run_failed", data: { failureCode }, at }));
  await stores.workflows.appendEvents(events);
  await stores.workflows.finishRuns(
    claims.map((claim) => claim.run.runId),
    worker.workerId,
    "failed",
    at,
    failureCode,
  );
  for (const claim of claims) outcomes.set(claim.run.runId, "failed");
}
