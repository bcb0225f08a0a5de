import type { Kysely } from "kysely";

/** Lets expired idempotency records be pruned without scanning the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("idempotency_records_expires_at").on("idempotency_records").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("idempotency_records_expires_at").execute();
}
