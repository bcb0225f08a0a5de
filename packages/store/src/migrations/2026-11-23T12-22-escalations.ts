import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/** Requests for a human (POST /api/v1/escalations). Released: never edit. */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key } = capabilitiesOf(db);
  await db.schema
    .createTable("escalations")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("user_id", key)
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("context", "text", (col) => col.notNull())
    .addColumn("account_reference", "text")
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('open', 'closed')`))
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("escalations_desk_created_index").on("escalations").columns(["desk_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("escalations").execute();
}
