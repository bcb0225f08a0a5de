import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * Placing a file as a job a person can watch (issue 47).
 *
 * - `placement_jobs`: one row per file being placed: its state, its progress counts, its result or
 *   why it failed, and the lease of the worker running it (so a crashed job is taken up again).
 *   At most one job per Desk is checking or saving at a time (a partial unique index).
 * - `accounts.pending_job_id`: a file's accounts are saved in short transactions a slice at a time,
 *   marked with their job; they are not live until the job is `placed`, one row's update, so other
 *   readers see all of the file or none of it while no write transaction is held for long.
 * - `live_accounts`: the accounts other readers see. The rule "live" is written once, here: not part
 *   of a job, or part of a job that is placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key } = capabilitiesOf(db);
  await db.schema
    .createTable("placement_jobs")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("upload_id", key, (col) => col.notNull())
    .addColumn("agency_desk_id", key)
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("rows_total", "integer")
    .addColumn("rows_checked", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_saved", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("accounts_released", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("workflow_runs", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("released", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("problem_json", "text")
    .addColumn("lease_owner", key)
    .addColumn("lease_expires_at", key)
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("updated_at", key, (col) => col.notNull())
    .addColumn("finished_at", key)
    .execute();
  await db.schema
    .createIndex("placement_jobs_one_running_per_desk")
    .on("placement_jobs")
    .column("desk_id")
    .unique()
    .where(sql<boolean>`state in ('checking', 'saving')`)
    .execute();
  await db.schema.createIndex("placement_jobs_desk_created_index").on("placement_jobs").columns(["desk_id", "created_at"]).execute();
  await db.schema.createIndex("placement_jobs_upload_index").on("placement_jobs").column("upload_id").execute();
  await db.schema.alterTable("accounts").addColumn("pending_job_id", key).execute();
  // By job, then id: a job's accounts are released (or deleted) in id order from where the last slice
  // ended, so no slice reads again the index entries the slices before it left behind (PostgreSQL keeps
  // them until vacuum).
  await db.schema.createIndex("accounts_pending_job_index").on("accounts").columns(["pending_job_id", "id"]).execute();
  // The skip count reads live accounts from an index alone, so the index holds the mark too.
  await db.schema.createIndex("accounts_desk_skip_pending_index").on("accounts").columns(["desk_id", "skip_state", "pending_job_id"]).execute();
  await db.schema.dropIndex("accounts_desk_skip_state_index").execute();
  await db.schema
    .createView("live_accounts")
    .as(
      db
        .selectFrom("accounts")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb("pending_job_id", "is", null),
            eb("pending_job_id", "in", eb.selectFrom("placement_jobs").select("id").where("state", "=", "placed")),
          ]),
        ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropView("live_accounts").execute();
  await db.schema.createIndex("accounts_desk_skip_state_index").on("accounts").columns(["desk_id", "skip_state"]).execute();
  await db.schema.dropIndex("accounts_desk_skip_pending_index").execute();
  await db.schema.dropIndex("accounts_pending_job_index").execute();
  await db.schema.alterTable("accounts").dropColumn("pending_job_id").execute();
  await db.schema.dropTable("placement_jobs").execute();
}
