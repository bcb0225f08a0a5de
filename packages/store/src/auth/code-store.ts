import type { AuthorizationCodeStore } from "@connector/core";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { deleteLongExpiredCodes, insertCode } from "./insert-code.js";
import { insertTokens } from "./insert-tokens.js";
import { revokeGrantWithTokens } from "./revoke-grant.js";
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
      };
    },
    redeem(codeHash, now, issued) {
      return db.transaction().execute(async (trx) => {
        // The conditional update is the single-use check: of two concurrent redemptions only one
        // matches `consumed_at is null` (PostgreSQL re-checks it after waiting for the row lock).
        const consumed = await trx
          .updateTable("oauth_codes")
          .set({ consumed_at: now })
          .where("code_hash", "=", codeHash)
          .where("consumed_at", "is", null)
          .returning("grant_id")
          .executeTakeFirst();
        if (consumed !== undefined) {
          await insertTokens(trx, issued);
          await trx.updateTable("oauth_grants").set({ last_used_at: now }).where("id", "=", consumed.grant_id).execute();
          return "redeemed";
        }
        const code = await trx.selectFrom("oauth_codes").select("grant_id").where("code_hash", "=", codeHash).executeTakeFirst();
        if (code !== undefined) await revokeGrantWithTokens(trx, code.grant_id, now);
        return "replayed";
      });
    },
  };
}
