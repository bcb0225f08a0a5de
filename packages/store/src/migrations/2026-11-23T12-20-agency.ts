import type { Kysely } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * Agency invites and the many-to-many agency ↔ client relation (spec §2.7, §3). Released: never
 * edit. An invite's token is stored only as its SHA-256 hex digest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key } = capabilitiesOf(db);

  await db.schema
    .createTable("agency_invites")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("agency_desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("token_hash", key, (col) => col.notNull().unique())
    .addColumn("label", "text")
    .addColumn("created_by_user_id", key)
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .addColumn("revoked_at", key)
    .addColumn("redeemed_at", key)
    .addColumn("redeemed_by_desk_id", key, (col) => col.references("desks.id"))
    .execute();
  await db.schema
    .createIndex("agency_invites_agency_created_index")
    .on("agency_invites")
    .columns(["agency_desk_id", "created_at"])
    .execute();

  await db.schema
    .createTable("agency_clients")
    .addColumn("agency_desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("client_desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("invite_id", key, (col) => col.notNull().references("agency_invites.id"))
    .addColumn("joined_at", key, (col) => col.notNull())
    .addPrimaryKeyConstraint("agency_clients_pk", ["agency_desk_id", "client_desk_id"])
    .execute();
  await db.schema.createIndex("agency_clients_client_index").on("agency_clients").column("client_desk_id").execute();

  // The agency an account was placed with (POST /api/v1/placements `agency_desk_id`), if any.
  await db.schema.alterTable("accounts").addColumn("agency_desk_id", key, (col) => col.references("desks.id")).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("accounts").dropColumn("agency_desk_id").execute();
  await db.schema.dropTable("agency_clients").execute();
  await db.schema.dropTable("agency_invites").execute();
}
