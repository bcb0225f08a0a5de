import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf, handOver } from "../back-office/back-office-deps.js";
import { isServiceError, ServiceError } from "../errors/service-error.js";
import { idSequence, newId } from "../ids/uuid-v7.js";
import type { DomainStores } from "../ports/domain-stores.js";
import type { PlacementJobProblem, PlacementJobProgress, PlacementJobRecord } from "../ports/placement-job-store.js";
import { pacer, SliceSizer } from "../scheduling/take-turns.js";
import { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
import { checkPlacement } from "./place-accounts.js";
import { withProblemsCapped } from "./capped-problems.js";
import { MAX_UPLOAD_ROWS } from "./placement-upload-limits.js";
import type { ValidPlacementRow } from "./placement-rows.js";
import { readUploadedRows } from "./uploaded-file.js";

/**
 * A file placed as a job a person can watch (issue 47). The request that confirms the file stores the
 * job and answers at once; a worker then, a slice at a time with other requests answered between:
 *
 * 1. reads the file and checks every row with the one placement check (`checkPlacement`);
 * 2. saves the accounts in short transactions, marked with the job, so they are not live yet;
 * 3. makes them all live in one short transaction (the job becomes `placed`, the upload is deleted);
 * 4. queues their Account Workflow a slice at a time and hands the runs to the job engine.
 *
 * All or none, as other readers see it: nothing is live before step 3 and everything is after it. A
 * failed check or a reference placed meanwhile deletes what step 2 saved and fails the job, keeping
 * the upload. A crash leaves the job leased; a worker takes it up once the lease is over, starting
 * again from step 1 (what step 2 had saved is deleted first) or going on with step 4.
 */

/** What a person or program is shown of a job. */
export type PlacementJobView = Omit<PlacementJobRecord, "deskId">;

/** A transaction of long work on a synchronous driver, which holds the event loop while it runs. */
const SQLITE_TRANSACTION_MS = 15;

export interface PlacementJobWorker {
  /** Names this worker in leases. */
  workerId: string;
  /** How long a claim holds before another worker may take a job over (a crash). */
  leaseMs: number;
  /** Asked between slices: true when the worker is stopping (the job stays leased and is taken up later). */
  stopping?: () => boolean;
}

/**
 * Accounts saved, released to Account Workflow or deleted per transaction: sized as it goes to the
 * host's `transactionMs` (on SQLite about 15 ms, some hundreds of accounts: longer than a loop's
 * slice because every transaction also pays its commit, and still well within what another request
 * notices).
 */
const accountsPerTransaction = (deps: BackOfficeDeps) => new SliceSizer({ first: 100, min: 20, max: 5000 }, deps.transactionMs ?? SQLITE_TRANSACTION_MS);
/** Progress is written at most this often while rows are checked (each write is a commit). */
const PROGRESS_EVERY_MS = 250;

export const toJobView = ({ deskId: _deskId, ...view }: PlacementJobRecord): PlacementJobView => view;

/**
 * Stores the job that places `uploadId` and starts it: on the host's runner when there is one
 * (answering at once), else in this request. One job per Desk checks or saves at a time.
 */
export async function startPlacementJob(deps: BackOfficeDeps, deskId: string, upload: { uploadId: string; agencyDeskId: string | null }): Promise<PlacementJobView> {
  const now = clockOf(deps);
  const jobId = newId(now.getTime());
  const stored = await deps.stores.placementJobs.create({ jobId, deskId, uploadId: upload.uploadId, agencyDeskId: upload.agencyDeskId, createdAt: now.toISOString() });
  if (!stored.created) {
    throw new ServiceError(
      "placement_in_progress",
      "This Desk is placing another file right now. Wait until it has finished (its progress is on Place accounts), then place this one.",
    );
  }
  if (deps.placementJobs !== undefined) deps.placementJobs.run(jobId);
  else await runPlacementJob(deps, jobId, { workerId: `request-${jobId}`, leaseMs: 30_000 });
  return toJobView((await deps.stores.placementJobs.find(deskId, jobId))!);
}

/** The Desk's job, or `not_found`. */
export async function findPlacementJob(deps: BackOfficeDeps, actor: BackOfficeActor, jobId: string): Promise<PlacementJobView> {
  assertDeskActor(actor);
  const job = await deps.stores.placementJobs.find(actor.deskId, jobId.toLowerCase());
  if (job === undefined) throw new ServiceError("not_found", "There is no such placement on this Desk.");
  return toJobView(job);
}

/** The Desk's file being placed right now, if any: the place screen links to it, in any tab. */
export async function placementJobInProgress(deps: BackOfficeDeps, actor: BackOfficeActor): Promise<PlacementJobView | undefined> {
  assertDeskActor(actor);
  const job = await deps.stores.placementJobs.latest(actor.deskId);
  const going = job !== undefined && (job.state === "checking" || job.state === "saving" || (job.state === "placed" && !job.released));
  return going ? toJobView(job) : undefined;
}

/** The lease was lost, or the worker is stopping: leave the job as stored for the next holder. */
class JobHandedBack extends Error {}

/**
 * Runs a stored job to its end, or as far as this worker may: returns quietly when another worker
 * holds it or it has ended. Store failures propagate (the job stays leased and is taken up again).
 */
export async function runPlacementJob(deps: BackOfficeDeps, jobId: string, worker: PlacementJobWorker): Promise<void> {
  const at = () => clockOf(deps).toISOString();
  const leaseUntil = () => new Date(clockOf(deps).getTime() + worker.leaseMs).toISOString();
  const job = await deps.stores.placementJobs.claim(jobId, worker.workerId, at(), leaseUntil());
  if (job === undefined) return;
  const turn = pacer(deps.takeTurn);
  const pace = async () => {
    await turn();
    if (worker.stopping?.() === true) throw new JobHandedBack();
  };
  const record = async (progress: PlacementJobProgress, stores: DomainStores = deps.stores) => {
    if (!(await stores.placementJobs.update(jobId, worker.workerId, progress, at(), leaseUntil()))) throw new JobHandedBack();
  };
  try {
    if (job.state === "checking" || job.state === "saving") {
      const placed = await placeFile(deps, job, { pace, record });
      if (!placed) return;
    }
    await releaseAccounts(deps, job, { pace, record });
  } catch (error) {
    if (error instanceof JobHandedBack) return;
    throw error;
  }
}

interface JobSteps {
  pace: () => Promise<void>;
  record: (progress: PlacementJobProgress, stores?: DomainStores) => Promise<void>;
}

/** Steps 1–3: true when the job is placed, false when it failed (and nothing of it is left). */
async function placeFile(deps: BackOfficeDeps, job: PlacementJobRecord, steps: JobSteps): Promise<boolean> {
  // A run interrupted while saving left accounts that never went live: they go before it starts again.
  await deleteSaved(deps, job.jobId, steps.pace);
  try {
    const checked = await checkFile(deps, job, steps);
    await saveChecked(deps, job, checked, steps);
    // Step 3: every account live at once, and the file gone, so confirming it again places nothing.
    await deps.stores.transaction(async (stores) => {
      await steps.record({ state: "placed" }, stores);
      await stores.placementUploads.delete(job.uploadId);
    });
    return true;
  } catch (error) {
    if (!isServiceError(error) || error.status >= 500) throw error;
    await deleteSaved(deps, job.jobId, steps.pace);
    await steps.record({ state: "failed", problem: problemOf(error), finishedAt: clockOf(deps).toISOString() });
    return false;
  }
}

/**
 * Step 1: the file read and checked. Only the checked rows leave this function: the rows as read
 * (and the file's text) can be collected while the accounts are saved, which halves what a
 * 100,000-row job holds.
 */
async function checkFile(deps: BackOfficeDeps, job: PlacementJobRecord, { pace, record }: JobSteps): Promise<CheckedPlacement> {
  const { rows, rowNumbers } = await readUploadedRows(deps, job.deskId, job.uploadId, pace);
  const total = rows.length;
  await record({ state: "checking", rowsTotal: total, rowsChecked: 0, rowsSaved: 0 });
  let written = 0;
  const { rows: checked, agencyDeskId } = await checkPlacement(
    deps,
    job.deskId,
    { rows, rowNumbers, agencyDeskId: job.agencyDeskId },
    {
      maxRows: MAX_UPLOAD_ROWS,
      pace,
      checked: async (count) => {
        if (performance.now() - written < PROGRESS_EVERY_MS && count < total) return;
        written = performance.now();
        await record({ rowsChecked: count });
      },
    },
  );
  return { rows: checked, agencyDeskId };
}

interface CheckedPlacement {
  rows: ValidPlacementRow[];
  agencyDeskId: string | null;
}

/**
 * Step 2: the accounts saved, marked with the job, a transaction at a time. Each slice is taken off
 * the front of `checked.rows` as it is saved, so what has been saved can be collected meanwhile.
 */
async function saveChecked(deps: BackOfficeDeps, job: PlacementJobRecord, checked: CheckedPlacement, { pace, record }: JobSteps): Promise<void> {
  await record({ state: "saving" });
  const placedAt = clockOf(deps);
  const nextId = idSequence(placedAt.getTime());
  const sizer = accountsPerTransaction(deps);
  for (let saved = 0; checked.rows.length > 0; ) {
    const slice = checked.rows.splice(0, sizer.size).map((row) => ({
      accountId: nextId(),
      deskId: job.deskId,
      agencyDeskId: checked.agencyDeskId,
      ...row,
      placedAt: placedAt.toISOString(),
      draftId: null,
    }));
    saved += slice.length;
    await sizer.measure(slice.length, () =>
      deps.stores.transaction(async (stores) => {
        const inserted = await stores.placements.insert(slice, { pendingJob: job.jobId });
        if (inserted.length !== slice.length) {
          throw new ServiceError("reference_conflict", "Another request placed some of these references while the file was being placed; nothing was saved. Check your placements, then place the file again.");
        }
        await record({ rowsSaved: saved }, stores);
      }),
    );
    await pace();
  }
}

/** Step 4: each account released and its Account Workflow queued (when the Desk has it on), a slice per transaction. */
async function releaseAccounts(deps: BackOfficeDeps, job: PlacementJobRecord, { pace, record }: JobSteps): Promise<void> {
  let released = job.accountsReleased;
  let runs = job.workflowRuns;
  let after: string | undefined;
  const sizer = accountsPerTransaction(deps);
  for (;;) {
    const now = clockOf(deps);
    const size = sizer.size;
    const slice = await sizer.measure(size, () =>
      deps.stores.transaction(async (stores) => {
        const accountIds = await stores.placements.releasePending(job.jobId, size, after);
        const runIds = await queueAccountWorkflow(stores, job.deskId, accountIds, now, { onlyWhenEnabled: true });
        released += accountIds.length;
        runs += runIds.length;
        const done = accountIds.length < size;
        after = accountIds.at(-1) ?? after;
        await record({ accountsReleased: released, workflowRuns: runs, ...(done ? { released: true, finishedAt: now.toISOString() } : {}) }, stores);
        return { runIds, done };
      }),
    );
    await handOver(deps, slice.runIds);
    if (slice.done) return;
    await pace();
  }
}

async function deleteSaved(deps: BackOfficeDeps, jobId: string, pace: () => Promise<void>): Promise<void> {
  const sizer = accountsPerTransaction(deps);
  for (let size = sizer.size; (await sizer.measure(size, () => deps.stores.placements.deletePending(jobId, size))) > 0; size = sizer.size) await pace();
}

/** The refusal as stored with the job, its problems capped as any file's are. */
function problemOf(error: ServiceError): PlacementJobProblem {
  const capped = withProblemsCapped(error) as ServiceError;
  return { code: capped.code, message: capped.message, ...(capped.details === undefined ? {} : { details: [...capped.details] }) };
}
