import type { ErrorDetail } from "../errors/service-error.js";

/**
 * Where a placement job is (issue 47):
 * - `checking`: the file is read and every row checked (nothing saved yet);
 * - `saving`: its accounts are being saved, a slice at a time, not yet live;
 * - `placed`: every account became live at once; their Account Workflow runs are queued after;
 * - `failed`: nothing was placed (`problem` says why).
 */
export const PLACEMENT_JOB_STATES = ["checking", "saving", "placed", "failed"] as const;
export type PlacementJobState = (typeof PLACEMENT_JOB_STATES)[number];

/** Why a job placed nothing: the refusal a person reads, every row's problem up to the listed limit. */
export interface PlacementJobProblem {
  code: string;
  message: string;
  details?: ErrorDetail[];
}

export interface PlacementJobRecord {
  jobId: string;
  deskId: string;
  uploadId: string;
  agencyDeskId: string | null;
  state: PlacementJobState;
  /** Rows in the file, once it is read. */
  rowsTotal: number | null;
  rowsChecked: number;
  rowsSaved: number;
  /** Accounts whose Account Workflow has been queued (or that needed none), after the job is placed. */
  accountsReleased: number;
  workflowRuns: number;
  /** Every account of a placed job is released: nothing is left to do. */
  released: boolean;
  problem: PlacementJobProblem | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** What a worker writes as a job goes: any of the counts, the state, the problem. */
export type PlacementJobProgress = Partial<
  Pick<PlacementJobRecord, "state" | "rowsTotal" | "rowsChecked" | "rowsSaved" | "accountsReleased" | "workflowRuns" | "released" | "problem" | "finishedAt">
>;

export interface PlacementJobStore {
  /**
   * Stores a new job as `checking`, unless the Desk already has one checking or saving: then
   * nothing is stored and that job is answered (one placement job per Desk at a time).
   */
  create(job: Pick<PlacementJobRecord, "jobId" | "deskId" | "uploadId" | "agencyDeskId" | "createdAt">): Promise<{ created: true } | { created: false; running: PlacementJobRecord }>;
  /** The Desk's job; undefined when unknown or another Desk's. */
  find(deskId: string, jobId: string): Promise<PlacementJobRecord | undefined>;
  /** The job placing this upload, if one began. */
  findByUpload(uploadId: string): Promise<PlacementJobRecord | undefined>;
  /** The Desk's newest job, if any. */
  latest(deskId: string): Promise<PlacementJobRecord | undefined>;
  /**
   * Leases an unfinished job (checking, saving, or placed and not released) to `workerId` until
   * `leaseUntil`, when no other worker holds an unexpired lease on it; undefined otherwise.
   */
  claim(jobId: string, workerId: string, now: string, leaseUntil: string): Promise<PlacementJobRecord | undefined>;
  /** Writes progress and extends the lease while `workerId` holds it; false when the lease was lost. */
  update(jobId: string, workerId: string, progress: PlacementJobProgress, now: string, leaseUntil: string): Promise<boolean>;
  /** Unfinished jobs whose lease is free or expired at `now`: what a worker picks up (after a crash). */
  claimable(now: string): Promise<string[]>;
}
