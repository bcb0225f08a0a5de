import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * DPoP (RFC 9449): a client may ask that its tokens be bound (`dpop_bound_access_tokens`, §5.2); a
 * code and a token keep the thumbprint of the key they are bound to (§10, §6.1), beside the hash;
 * the proofs already seen are kept until their `iat` is too old to be accepted (§11.1), shared by
 * every process; and the secret the nonces are derived from (§8, §9) is one row, the same for all.
 * The proofs table is written on every DPoP request: on PostgreSQL it skips the write-ahead log, as
 * the rate-limit counters do (a crash empties it, and the few proofs of the last minutes could be
 * presented once more; their nonces and `iat` still bound them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key, unloggedTables } = capabilitiesOf(db);
  await db.schema
    .alterTable("oauth_clients")
    .addColumn("dpop_bound_access_tokens", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("oauth_codes").addColumn("dpop_jkt", "text").execute();
  await db.schema.alterTable("oauth_tokens").addColumn("dpop_jkt", "text").execute();

  await db.schema
    .createTable("dpop_proofs")
    .addColumn("proof_key", key, (col) => col.primaryKey())
    .addColumn("expires_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("dpop_proofs_expires_at_index").on("dpop_proofs").column("expires_at").execute();
  if (unloggedTables) await sql`alter table dpop_proofs set unlogged`.execute(db);

  await db.schema
    .createTable("service_secrets")
    .addColumn("name", key, (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_secrets").execute();
  await db.schema.dropTable("dpop_proofs").execute();
  await db.schema.alterTable("oauth_tokens").dropColumn("dpop_jkt").execute();
  await db.schema.alterTable("oauth_codes").dropColumn("dpop_jkt").execute();
  await db.schema.alterTable("oauth_clients").dropColumn("dpop_bound_access_tokens").execute();
}
