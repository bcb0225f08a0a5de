import type { Kysely } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * A CSV file placed in parts (issue 39): the upload as declared, and each part's bytes with its
 * length and SHA-256 (a resent part is compared by hash). Deleted once placed or a day after it
 * began, so the parts are held only while a Desk is sending or reviewing the file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key, bytesType } = capabilitiesOf(db);
  await db.schema
    .createTable("placement_uploads")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("agency_desk_id", key)
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("chunk_bytes", "integer", (col) => col.notNull())
    .addColumn("chunk_count", "integer", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("placement_uploads_desk_expires_index").on("placement_uploads").columns(["desk_id", "expires_at"]).execute();
  await db.schema.createIndex("placement_uploads_expires_index").on("placement_uploads").column("expires_at").execute();
  await db.schema
    .createTable("placement_upload_chunks")
    .addColumn("upload_id", key, (col) => col.notNull().references("placement_uploads.id"))
    .addColumn("chunk_index", "integer", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("sha256", key, (col) => col.notNull())
    .addColumn("bytes", bytesType, (col) => col.notNull())
    .addPrimaryKeyConstraint("placement_upload_chunks_pk", ["upload_id", "chunk_index"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("placement_upload_chunks").execute();
  await db.schema.dropTable("placement_uploads").execute();
}
