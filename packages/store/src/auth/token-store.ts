import type { TokenStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { consumeOnceElseRevokeGrant } from "./consume-once.js";
import { decodeScopes } from "./scope-column.js";

export function createTokenStore(db: Kysely<AuthDatabase>): TokenStore {
  return {
    /** One indexed lookup by hash, joined to the grant and the user: all a bearer check needs. */
    async findByHash(tokenHash) {
      const row = await db
        .selectFrom("oauth_tokens as t")
        .innerJoin("oauth_grants as g", "g.id", "t.grant_id")
        .innerJoin("users as u", "u.id", "g.user_id")
        .select([
          "t.id as token_id",
          "t.kind",
          "t.token_hash",
          "t.grant_id",
          "t.scopes as token_scopes",
          "t.created_at as token_created_at",
          "t.expires_at",
          "t.consumed_at",
          "t.revoked_at as token_revoked_at",
          "t.dpop_jkt",
          "g.client_id",
          "g.user_id",
          "g.workspace",
          "g.scopes as grant_scopes",
          "g.resource",
          "g.created_at as grant_created_at",
          "g.last_used_at",
          "g.revoked_at as grant_revoked_at",
          "u.desk_id",
          "u.consumer_id",
        ])
        .where("t.token_hash", "=", tokenHash)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        token: {
          tokenId: row.token_id,
          kind: row.kind,
          tokenHash: row.token_hash,
          grantId: row.grant_id,
          scopes: decodeScopes(row.token_scopes),
          createdAt: row.token_created_at,
          expiresAt: row.expires_at,
          consumedAt: row.consumed_at,
          revokedAt: row.token_revoked_at,
          dpopJkt: row.dpop_jkt,
        },
        grant: {
          grantId: row.grant_id,
          clientId: row.client_id,
          userId: row.user_id,
          workspace: row.workspace,
          scopes: decodeScopes(row.grant_scopes),
          resource: row.resource,
          createdAt: row.grant_created_at,
          lastUsedAt: row.last_used_at,
          revokedAt: row.grant_revoked_at,
        },
        user: { deskId: row.desk_id, consumerId: row.consumer_id },
      };
    },
    async rotateRefresh(refreshTokenHash, now, issued) {
      const outcome = await consumeOnceElseRevokeGrant(db, {
        consume: (trx) =>
          trx
            .updateTable("oauth_tokens")
            .set({ consumed_at: now })
            .where("token_hash", "=", refreshTokenHash)
            .where("kind", "=", "refresh")
            .where("consumed_at", "is", null)
            .where("revoked_at", "is", null)
            .returning("grant_id")
            .executeTakeFirst(),
        find: (trx) =>
          trx.selectFrom("oauth_tokens").select("grant_id").where("token_hash", "=", refreshTokenHash).executeTakeFirst(),
        issued,
        now,
      });
      return outcome === "consumed" ? "rotated" : "reused";
    },
    async revoke(tokenHash, now) {
      await db
        .updateTable("oauth_tokens")
        .set({ revoked_at: now })
        .where("token_hash", "=", tokenHash)
        .where("revoked_at", "is", null)
        .execute();
    },
  };
}
