import type { PlacementJobProgress, PlacementJobRecord, PlacementJobStore } from "@connector/core/ports";
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { DatabaseSchema, PlacementJobTable } from "../database/database-schema.js";

const toRecord = (row: Selectable<PlacementJobTable>): PlacementJobRecord => ({
  jobId: row.id,
  deskId: row.desk_id,
  uploadId: row.upload_id,
  agencyDeskId: row.agency_desk_id,
  state: row.state,
  rowsTotal: row.rows_total === null ? null : Number(row.rows_total),
  rowsChecked: Number(row.rows_checked),
  rowsSaved: Number(row.rows_saved),
  accountsReleased: Number(row.accounts_released),
  workflowRuns: Number(row.workflow_runs),
  released: Number(row.released) === 1,
  problem: row.problem_json === null ? null : JSON.parse(row.problem_json),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  finishedAt: row.finished_at,
});

function toColumns(progress: PlacementJobProgress): Updateable<PlacementJobTable> {
  const columns: Updateable<PlacementJobTable> = {};
  if (progress.state !== undefined) columns.state = progress.state;
  if (progress.rowsTotal !== undefined) columns.rows_total = progress.rowsTotal;
  if (progress.rowsChecked !== undefined) columns.rows_checked = progress.rowsChecked;
  if (progress.rowsSaved !== undefined) columns.rows_saved = progress.rowsSaved;
  if (progress.accountsReleased !== undefined) columns.accounts_released = progress.accountsReleased;
  if (progress.workflowRuns !== undefined) columns.workflow_runs = progress.workflowRuns;
  if (progress.released !== undefined) columns.released = progress.released ? 1 : 0;
  if (progress.problem !== undefined) columns.problem_json = progress.problem === null ? null : JSON.stringify(progress.problem);
  if (progress.finishedAt !== undefined) columns.finished_at = progress.finishedAt;
  return columns;
}

/** A job is unfinished while it checks, saves, or is placed with accounts still to release. */
const unfinished = (eb: ExpressionBuilder<DatabaseSchema, "placement_jobs">) => eb.or([eb("state", "in", ["checking", "saving"]), eb.and([eb("state", "=", "placed"), eb("released", "=", 0)])]);

/** Placement jobs (issue 47): `placement_jobs`. */
export function createPlacementJobStore(db: Kysely<DatabaseSchema>): PlacementJobStore {
  return {
    async create(job) {
      // The partial unique index lets one job per Desk check or save: a second insert does nothing.
      const inserted = await db
        .insertInto("placement_jobs")
        .values({
          id: job.jobId,
          desk_id: job.deskId,
          upload_id: job.uploadId,
          agency_desk_id: job.agencyDeskId,
          state: "checking",
          rows_total: null,
          rows_checked: 0,
          rows_saved: 0,
          accounts_released: 0,
          workflow_runs: 0,
          released: 0,
          problem_json: null,
          lease_owner: null,
          lease_expires_at: null,
          created_at: job.createdAt,
          updated_at: job.createdAt,
          finished_at: null,
        })
        // The target repeats the index's predicate as literal SQL: neither dialect matches a partial index on parameters.
        .onConflict((oc) => oc.column("desk_id").where(sql<boolean>`state in ('checking', 'saving')`).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted !== undefined) return { created: true };
      const running = await db
        .selectFrom("placement_jobs")
        .selectAll()
        .where("desk_id", "=", job.deskId)
        .where("state", "in", ["checking", "saving"])
        .executeTakeFirst();
      if (running === undefined) throw new Error("A placement job was refused as a second one, but none is running.");
      return { created: false, running: toRecord(running) };
    },

    async find(deskId, jobId) {
      const row = await db.selectFrom("placement_jobs").selectAll().where("id", "=", jobId).where("desk_id", "=", deskId).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async findByUpload(uploadId) {
      const row = await db.selectFrom("placement_jobs").selectAll().where("upload_id", "=", uploadId).orderBy("created_at", "desc").executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async latest(deskId) {
      const row = await db
        .selectFrom("placement_jobs")
        .selectAll()
        .where("desk_id", "=", deskId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async claim(jobId, workerId, now, leaseUntil) {
      const row = await db
        .updateTable("placement_jobs")
        .set({ lease_owner: workerId, lease_expires_at: leaseUntil, updated_at: now })
        .where("id", "=", jobId)
        .where(unfinished)
        .where((eb) => eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", now), eb("lease_owner", "=", workerId)]))
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async update(jobId, workerId, progress, now, leaseUntil) {
      const result = await db
        .updateTable("placement_jobs")
        .set({ ...toColumns(progress), updated_at: now, lease_expires_at: leaseUntil })
        .where("id", "=", jobId)
        .where("lease_owner", "=", workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async claimable(now) {
      const rows = await db
        .selectFrom("placement_jobs")
        .select("id")
        .where(unfinished)
        .where((eb) => eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", now)]))
        .orderBy("created_at")
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
