import type { GrantRevoker } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";

/**
 * Marks the grant and every token issued from it revoked. Call inside a transaction so no token
 * of the grant stays usable after it commits. Returns whether the grant was live before.
 */
export async function revokeGrantWithTokens(trx: Kysely<AuthDatabase>, grantId: string, now: string, by: GrantRevoker): Promise<boolean> {
  const grant = await trx
    .updateTable("oauth_grants")
    .set({ revoked_at: now, revoked_by: by })
    .where("id", "=", grantId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  await trx
    .updateTable("oauth_tokens")
    .set({ revoked_at: now })
    .where("grant_id", "=", grantId)
    .where("revoked_at", "is", null)
    .execute();
  return Number(grant.numUpdatedRows) === 1;
}
