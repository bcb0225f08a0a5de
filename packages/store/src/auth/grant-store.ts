import type { GrantRecord, GrantStore } from "@connector/core/ports";
import type { Kysely, Selectable } from "kysely";
import type { AuthDatabase, OAuthGrantTable } from "./auth-schema.js";
import { deleteLongExpiredCodes, insertCode } from "./insert-code.js";
import { revokeGrantWithTokens } from "./revoke-grant.js";
import { decodeScopes, encodeScopes } from "./scope-column.js";

export function toGrant(row: Selectable<OAuthGrantTable>): GrantRecord {
  return {
    grantId: row.id,
    clientId: row.client_id,
    userId: row.user_id,
    workspace: row.workspace,
    scopes: decodeScopes(row.scopes),
    resource: row.resource,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function createGrantStore(db: Kysely<AuthDatabase>): GrantStore {
  return {
    async create(grant) {
      await insertGrant(db, grant);
    },
    async find(grantId) {
      const row = await db.selectFrom("oauth_grants").selectAll().where("id", "=", grantId).executeTakeFirst();
      return row === undefined ? undefined : toGrant(row);
    },
    async listByUser(userId, { revokedSince }) {
      // A grant whose code was never exchanged (last_used_at null) connected nothing and is not shown.
      const rows = await db
        .selectFrom("oauth_grants")
        .innerJoin("oauth_clients", "oauth_clients.id", "oauth_grants.client_id")
        .select([
          "oauth_grants.id",
          "oauth_grants.client_id",
          "oauth_clients.client_name",
          "oauth_grants.workspace",
          "oauth_grants.scopes",
          "oauth_grants.created_at",
          "oauth_grants.last_used_at",
          "oauth_grants.revoked_at",
          "oauth_grants.revoked_by",
          // Bound when its tokens are: refresh tokens keep the binding of the first exchange (RFC 9449 §5).
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom("oauth_tokens")
                  .select("oauth_tokens.id")
                  .whereRef("oauth_tokens.grant_id", "=", "oauth_grants.id")
                  .where("oauth_tokens.dpop_jkt", "is not", null),
              )
              .as("dpop_bound"),
        ])
        .where("oauth_grants.user_id", "=", userId)
        .where((eb) => eb.or([eb("oauth_grants.revoked_at", "is", null), eb("oauth_grants.revoked_at", ">=", revokedSince)]))
        .where("oauth_grants.last_used_at", "is not", null)
        .orderBy("oauth_grants.created_at", "desc")
        .orderBy("oauth_grants.id", "desc")
        .execute();
      return rows.map((row) => ({
        grantId: row.id,
        clientId: row.client_id,
        clientName: row.client_name,
        workspace: row.workspace,
        scopes: decodeScopes(row.scopes),
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        revokedAt: row.revoked_at,
        revokedBy: row.revoked_by ?? null,
        dpopBound: Boolean(row.dpop_bound),
      }));
    },
    revoke(grantId, now, by) {
      return db.transaction().execute((trx) => revokeGrantWithTokens(trx, grantId, now, by));
    },
    async touch(grantId, now) {
      await db
        .updateTable("oauth_grants")
        .set({ last_used_at: now })
        .where("id", "=", grantId)
        .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", now)]))
        .execute();
    },
    async createWithCode(grant, code) {
      // Housekeeping stays outside the transaction: it need not be atomic with the issue, and
      // deleting other expired rows inside it would only widen what concurrent consents lock.
      await deleteLongExpiredCodes(db, code.createdAt);
      await db.transaction().execute(async (trx) => {
        await insertGrant(trx, grant);
        await insertCode(trx, code);
      });
    },
  };
}

async function insertGrant(db: Kysely<AuthDatabase>, grant: GrantRecord): Promise<void> {
  await db
    .insertInto("oauth_grants")
    .values({
      id: grant.grantId,
      client_id: grant.clientId,
      user_id: grant.userId,
      workspace: grant.workspace,
      scopes: encodeScopes(grant.scopes),
      resource: grant.resource,
      created_at: grant.createdAt,
      last_used_at: grant.lastUsedAt,
      revoked_at: grant.revokedAt,
    })
    .execute();
}
