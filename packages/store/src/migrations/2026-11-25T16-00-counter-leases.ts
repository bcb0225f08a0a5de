import type { Kysely } from "kysely";

/**
 * The per-grant count is taken by processes in leases (see leased-counter-store.ts): `outstanding`
 * is how much of `count` sits in leases not yet settled, `leased_at` (ms since the epoch) when the
 * newest lease was granted, `last_granted` what the last take actually got. A process short of
 * allowance waits for outstanding leases only while one could still be live.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("rate_limit_counters").addColumn("outstanding", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("rate_limit_counters").addColumn("leased_at", "bigint", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("rate_limit_counters").addColumn("last_granted", "integer", (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["last_granted", "leased_at", "outstanding"]) {
    await db.schema.alterTable("rate_limit_counters").dropColumn(column).execute();
  }
}
