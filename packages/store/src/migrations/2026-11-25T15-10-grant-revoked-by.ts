import type { Kysely } from "kysely";

/**
 * Who ended a connection (issue 18): `user` on the Connections screen, `client` at the revocation
 * endpoint, `service` on a replayed code or reused refresh token. Null for live grants and for
 * grants revoked before this column existed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_grants").addColumn("revoked_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_grants").dropColumn("revoked_by").execute();
}
