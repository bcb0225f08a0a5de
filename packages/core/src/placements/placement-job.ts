import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf, handOver } from "../back-office/back-office-deps.js";
import { isServiceError, ServiceError } from "../errors/service-error.js";
import { idSequence, newId } from "../ids/uuid-v7.js";
import type { DomainStores } from "../ports/domain-stores.js";
import type { PlacementJobProblem, PlacementJobProgress, PlacementJobRecord } from "../ports/placement-job-store.js";
import { pacer, SliceSizer } from "../scheduling/take-turns.js";
import { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
import { PlacementCheck } from "./placement-check.js";
import { countCsvRows } from "./placement-csv.js";
import { withProblemsCapped } from "./capped-problems.js";
import { MAX_UPLOAD_ROWS } from "./placement-upload-limits.js";
import type { ValidPlacementRow } from "./placement-rows.js";
import { uploadedRowPieces, uploadedText } from "./uploaded-file.js";

/**
 * A file placed as a job a person can watch (issue 47). The request that confirms the file stores the
 * job and answers at once; a worker then, a slice at a time with other requests answered between:
 *
 * 1. reads the file a piece at a time and checks every row with the one placement check (`PlacementCheck`);
 * 2. while no row has had a problem, saves the checked accounts in short transactions, marked with the
 *    job, so they are not live yet; after the last piece, checks the references over the whole file;
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
    const rows = await checkAndSave(deps, job, steps);
    // Step 3: every account live at once, and the file gone, so confirming it again places nothing.
    await deps.stores.transaction(async (stores) => {
      await steps.record({ state: "placed", rowsTotal: rows, rowsChecked: rows, rowsSaved: rows }, stores);
      await stores.placementUploads.delete(job.uploadId);
    });
    return true;
  } catch (error) {
    if (!isServiceError(error) || error.status >= 500) throw error;
    await deleteSaved(deps, job.jobId, steps.pace);
    // What it had saved is gone with it: the job says none of its accounts are saved.
    await steps.record({ state: "failed", rowsSaved: 0, problem: problemOf(error), finishedAt: clockOf(deps).toISOString() });
    return false;
  }
}

/**
 * Steps 1 and 2 in one reading of the file: each piece's rows checked (`PlacementCheck`) and, while no
 * row has had a problem, saved marked with the job; after the last piece, the references' rule over
 * the whole file. A problem stops the saving, not the checking, so every problem is still told at
 * once (and what was saved is deleted). Only a piece of rows is held at a time. Answers the file's rows.
 */
async function checkAndSave(deps: BackOfficeDeps, job: PlacementJobRecord, { pace, record }: JobSteps): Promise<number> {
  // The file is read twice, a part at a time: once to count its rows for the progress, once to check them.
  const rowsTotal = await countCsvRows(uploadedText(deps, job.deskId, job.uploadId), pace);
  await record({ state: "checking", rowsTotal, rowsChecked: 0, rowsSaved: 0 });
  let check: PlacementCheck | undefined;
  let saver: PendingSaver | undefined;
  let written = performance.now();
  try {
    for await (const piece of uploadedRowPieces(uploadedText(deps, job.deskId, job.uploadId), pace)) {
      check ??= await PlacementCheck.open(deps, job.deskId, { agencyDeskId: job.agencyDeskId, maxRows: MAX_UPLOAD_ROWS, csv: true });
      saver ??= new PendingSaver(deps, job, check.agencyDeskId, record);
      const valid: ValidPlacementRow[] = [];
      for await (const slice of check.slices(piece.rows, piece.rowNumbers, pace)) for (const row of slice) valid.push(row);
      // The piece's references looked up (one statement) before it is saved: once saved, its own rows would be found.
      await check.lookUpPlaced(pace);
      if (check.clean) await saver.add(valid, pace);
      if (performance.now() - written < PROGRESS_EVERY_MS) continue;
      written = performance.now();
      await record({ rowsChecked: check.count, rowsSaved: saver.saved });
    }
    // A file that reads has a piece, so both are open here.
    await record({ state: "saving", rowsChecked: check!.count });
    if (check!.clean) await saver!.flush(pace);
  } finally {
    // Whatever ends the reading, no save is left running: a failed job deletes what was saved next.
    await saver?.settled();
  }
  await check!.close(pace);
  if (saver!.refused) {
    throw new ServiceError("reference_conflict", "Another request placed some of these references while the file was being placed; nothing was saved. Check your placements, then place the file again.");
  }
  return check!.count;
}

/**
 * Saves a job's checked rows, marked with the job, in transactions sized to the host's `transactionMs`.
 * Stops at the first insert that comes back short (a reference already there: repeated in the file,
 * or placed meanwhile), which the references' rule then names.
 */
class PendingSaver {
  private readonly waiting: ValidPlacementRow[] = [];
  private readonly sizer: SliceSizer;
  private readonly placedAt: Date;
  private readonly nextId: () => string;
  saved = 0;
  refused = false;
  /**
   * Saved accounts at which the database is next told of the bulk (`bulkAdded`): at 5,000 and 20,000. By then
   * PostgreSQL plans the lookups along the Desk's index, and no later count changes that; telling it again at
   * 80,000 cost a quarter of a second of the job (issue 47).
   */
  private bulkNotes = [5_000, 20_000];

  constructor(
    private readonly deps: BackOfficeDeps,
    private readonly job: PlacementJobRecord,
    private readonly agencyDeskId: string | null,
    private readonly record: JobSteps["record"],
  ) {
    this.sizer = accountsPerTransaction(deps);
    this.placedAt = clockOf(deps);
    this.nextId = idSequence(this.placedAt.getTime());
  }

  /** The transaction saving the last slice, while it runs. */
  private saving: Promise<void> | undefined;

  /**
   * Keeps `rows` and starts saving a transaction's worth whenever one is waiting, other requests taking a
   * turn between. Where the database runs apart (`databaseApart`), a save is not waited for before the next
   * rows are checked, only before the next save starts: the statements run there while this process checks
   * the next piece (issue 47: on PostgreSQL the two had taken turns, each idle half the time). On SQLite the
   * transaction holds the event loop to its end, and the turn is taken right after it.
   */
  async add(rows: readonly ValidPlacementRow[], pace: () => Promise<void>): Promise<void> {
    for (const row of rows) this.waiting.push(row);
    while (!this.refused && this.waiting.length >= this.sizer.size) {
      await this.startSaving(this.sizer.size);
      await pace();
    }
  }

  /** Saves what is waiting, and waits for the last save. */
  async flush(pace: () => Promise<void>): Promise<void> {
    while (!this.refused && this.waiting.length > 0) {
      await this.startSaving(this.sizer.size);
      await pace();
    }
    await this.saving;
  }

  /** Waits for the save in flight, if any, whatever its outcome (the outcome was the caller's to see). */
  async settled(): Promise<void> {
    await this.saving?.catch(() => undefined);
  }

  /**
   * Waits for the save in flight (its failure is thrown here), then starts the next, waiting for it only when
   * the database does not run apart.
   */
  private async startSaving(size: number): Promise<void> {
    await this.saving;
    if (this.refused) return;
    const saving = this.saveSome(size);
    // Seen by the next `startSaving`, `flush` or `settled`; not an unhandled rejection meanwhile.
    saving.catch(() => undefined);
    this.saving = saving;
    if (this.deps.databaseApart !== true) await saving;
  }

  private async saveSome(size: number): Promise<void> {
    const placedAt = this.placedAt.toISOString();
    const slice = this.waiting.splice(0, size).map((row) => ({
      accountId: this.nextId(),
      deskId: this.job.deskId,
      agencyDeskId: this.agencyDeskId,
      ...row,
      placedAt,
      draftId: null,
    }));
    await this.sizer.measure(slice.length, () =>
      this.deps.stores.transaction(async (stores) => {
        const inserted = await stores.placements.insert(slice, { pendingJob: this.job.jobId });
        if (inserted.length !== slice.length) this.refused = true;
        this.saved += inserted.length;
        await this.record({ rowsSaved: this.saved }, stores);
      }),
    );
    if (this.refused) this.waiting.length = 0;
    if (this.bulkNotes.length > 0 && this.saved >= this.bulkNotes[0]!) {
      this.bulkNotes = this.bulkNotes.filter((count) => count > this.saved);
      await this.deps.stores.placements.bulkAdded();
    }
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
