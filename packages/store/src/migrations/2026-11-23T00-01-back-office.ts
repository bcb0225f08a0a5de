import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * The back office (issue 10): draft history, Desk agreement acceptances, placed accounts' extra
 * fields, Account Workflow runs and their append-only feed, and desk keys (hash only).
 * Released: never edit; add a later migration instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key, sequenceKey } = capabilitiesOf(db);

  // Placed accounts: a balance may be missing (§4.3), so `amount_provided` says whether
  // face_amount_minor holds one; the view shows null, never 0, when it does not.
  await db.schema.alterTable("accounts").addColumn("amount_provided", "integer", (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("accounts").addColumn("creditor", "text").execute();
  await db.schema.alterTable("accounts").addColumn("skip_state", "text", (col) => col.notNull().defaultTo("unknown")).execute();
  await db.schema.alterTable("accounts").addColumn("placed_from_draft_id", key).execute();
  await db.schema.alterTable("accounts").addColumn("intake_status", "text").execute();
  await db.schema
    .alterTable("desks")
    .addColumn("account_workflow_enabled", "integer", (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("draft_history")
    // Insertion order is the history's order, even for acts in the same millisecond.
    .addColumn("seq", sequenceKey === "identity" ? "bigint" : "integer", (col) =>
      sequenceKey === "identity" ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn("draft_id", key, (col) => col.notNull())
    .addColumn("draft_kind", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("user_id", key)
    .addColumn("via", "text", (col) => col.notNull())
    .addColumn("grant_id", key)
    .addColumn("key_id", key)
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("draft_history_draft_index").on("draft_history").columns(["draft_id", "seq"]).execute();
  await db.schema
    .createIndex("placement_drafts_desk_created_index")
    .on("placement_drafts")
    .columns(["desk_id", "created_at"])
    .execute();

  await db.schema
    .createTable("desk_agreement_acceptances")
    .addColumn("user_id", key, (col) => col.notNull().references("users.id"))
    .addColumn("version", key, (col) => col.notNull())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("accepted_at", key, (col) => col.notNull())
    .addPrimaryKeyConstraint("desk_agreement_acceptances_pk", ["user_id", "version"])
    .execute();

  await db.schema
    .createTable("workflow_runs")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("account_id", key, (col) => col.notNull().references("accounts.id"))
    .addColumn("workflow", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", key)
    .addColumn("queued_at", key, (col) => col.notNull())
    .addColumn("started_at", key)
    .addColumn("finished_at", key)
    .addColumn("failure_code", "text")
    .execute();
  await db.schema.createIndex("workflow_runs_desk_status_index").on("workflow_runs").columns(["desk_id", "status", "id"]).execute();
  await db.schema.createIndex("workflow_runs_desk_index").on("workflow_runs").columns(["desk_id", "id"]).execute();
  await db.schema.createIndex("workflow_runs_status_index").on("workflow_runs").column("status").execute();

  // The feed's order is `seq`, assigned by the database at insert; `id` (a UUID) is the public cursor.
  await db.schema
    .createTable("workflow_events")
    .addColumn("seq", sequenceKey === "identity" ? "bigint" : "integer", (col) =>
      sequenceKey === "identity" ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn("id", key, (col) => col.notNull().unique())
    .addColumn("run_id", key, (col) => col.notNull().references("workflow_runs.id"))
    .addColumn("desk_id", key, (col) => col.notNull())
    .addColumn("account_id", key, (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("step", "text")
    // `run:step` for step_completed, so a resumed run cannot record a step twice; null otherwise.
    .addColumn("step_key", key, (col) => col.unique())
    .addColumn("data_json", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("workflow_events_desk_seq_index").on("workflow_events").columns(["desk_id", "seq"]).execute();
  await db.schema.createIndex("workflow_events_run_index").on("workflow_events").column("run_id").execute();

  await db.schema
    .createTable("desk_keys")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("key_hash", key, (col) => col.notNull().unique())
    .addColumn("created_by_user_id", key, (col) => col.notNull().references("users.id"))
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("last_used_at", key)
    .addColumn("revoked_at", key)
    .execute();
  await db.schema.createIndex("desk_keys_desk_index").on("desk_keys").columns(["desk_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["desk_keys", "workflow_events", "workflow_runs", "desk_agreement_acceptances", "draft_history"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("placement_drafts_desk_created_index").execute();
  for (const column of ["intake_status", "placed_from_draft_id", "skip_state", "creditor", "amount_provided"]) {
    await db.schema.alterTable("accounts").dropColumn(column).execute();
  }
  await db.schema.alterTable("desks").dropColumn("account_workflow_enabled").execute();
}
