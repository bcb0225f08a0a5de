import type { Kysely } from "kysely";

/** GET /api/v1/inventory/skip counts a desk's accounts per skip state from this index alone. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("accounts_desk_skip_state_index").on("accounts").columns(["desk_id", "skip_state"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("accounts_desk_skip_state_index").execute();
}
