import type { Kysely } from "kysely";

/** The place screen lists a Desk's placements newest first (issue 18): read from this index, not sorted. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("accounts_desk_placed_at_index").on("accounts").columns(["desk_id", "placed_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("accounts_desk_placed_at_index").execute();
}
