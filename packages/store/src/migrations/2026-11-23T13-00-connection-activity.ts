import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * The people's pages (issue 12): each connection's activity trail (tool, when, result; never the
 * arguments), and request drafts a consumer saves on their own page, with no connection behind
 * them (grant_id becomes nullable). Released: never edit; add a later migration instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key, sequenceKey, name } = capabilitiesOf(db);
  await db.schema
    .createTable("connection_activity")
    .addColumn("seq", sequenceKey === "identity" ? "bigint" : "integer", (col) =>
      sequenceKey === "identity" ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn("grant_id", key, (col) => col.notNull())
    .addColumn("tool", "text", (col) => col.notNull())
    .addColumn("result", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("connection_activity_grant_index").on("connection_activity").columns(["grant_id", "seq"]).execute();

  if (name === "postgres") {
    await sql`alter table consumer_request_drafts alter column grant_id drop not null`.execute(db);
  } else {
    // SQLite cannot drop NOT NULL in place: the table is rebuilt with the same columns and indexes.
    await db.schema
      .createTable("consumer_request_drafts_next")
      .addColumn("id", key, (col) => col.primaryKey())
      .addColumn("consumer_id", key, (col) => col.notNull().references("consumers.id"))
      .addColumn("user_id", key, (col) => col.notNull())
      .addColumn("grant_id", key)
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("recipient", "text", (col) => col.notNull())
      .addColumn("reference", "text")
      .addColumn("channel", "text", (col) => col.notNull())
      .addColumn("review_status", "text", (col) => col.notNull())
      .addColumn("created_at", key, (col) => col.notNull())
      .addColumn("updated_at", key, (col) => col.notNull())
      .execute();
    await sql`insert into consumer_request_drafts_next select id, consumer_id, user_id, grant_id, kind, recipient, reference, channel, review_status, created_at, updated_at from consumer_request_drafts`.execute(
      db,
    );
    await db.schema.dropTable("consumer_request_drafts").execute();
    await db.schema.alterTable("consumer_request_drafts_next").renameTo("consumer_request_drafts").execute();
    await db.schema
      .createIndex("consumer_request_drafts_consumer_created_index")
      .on("consumer_request_drafts")
      .columns(["consumer_id", "created_at"])
      .execute();
    await db.schema.createIndex("consumer_request_drafts_grant_index").on("consumer_request_drafts").column("grant_id").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("connection_activity").execute();
}
