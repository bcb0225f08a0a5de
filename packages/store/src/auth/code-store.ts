import type { AuthorizationCodeStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { deleteLongExpiredCodes, insertCode } from "./insert-code.js";
import { consumeOnceElseRevokeGrant } from "./consume-once.js";
import { decodeScopes } from "./scope-column.js";

export function createCodeStore(db: Kysely<AuthDatabase>): AuthorizationCodeStore {
  return {
    async create(code) {
      await deleteLongExpiredCodes(db, code.createdAt);
      await insertCode(db, code);
    },
    async findByHash(codeHash) {
      const row = await db.selectFrom("oauth_codes").selectAll().where("code_hash", "=", codeHash).executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        codeId: row.id,
        codeHash: row.code_hash,
        grantId: row.grant_id,
        clientId: row.client_id,
        redirectUri: row.redirect_uri,
        resource: row.resource,
        scopes: decodeScopes(row.scopes),
        codeChallenge: row.code_challenge,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        consumedAt: row.consumed_at,
        dpopJkt: row.dpop_jkt,
      };
    },
    async redeem(codeHash, now, issued) {
      const outcome = await consumeOnceElseRevokeGrant(db, {
        consume: (trx) =>
          trx
            .updateTable("oauth_codes")
            .set({ consumed_at: now })
            .where("code_hash", "=", codeHash)
            .where("consumed_at", "is", null)
            .returning("grant_id")
            .executeTakeFirst(),
        find: (trx) => trx.selectFrom("oauth_codes").select("grant_id").where("code_hash", "=", codeHash).executeTakeFirst(),
        issued,
        now,
      });
      return outcome === "consumed" ? "redeemed" : "replayed";
    },
  };
}
