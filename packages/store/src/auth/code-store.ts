import type { AuthorizationCodeStore } from "@connector/core";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { insertTokens } from "./insert-tokens.js";
import { revokeGrantWithTokens } from "./revoke-grant.js";
import { decodeScopes, encodeScopes } from "./scope-column.js";

/** Codes are kept a day past expiry so a late replay still finds (and is refused for) its code. */
const KEEP_EXPIRED_CODES_MS = 24 * 60 * 60 * 1000;

export function createCodeStore(db: Kysely<AuthDatabase>): AuthorizationCodeStore {
  return {
    async create(code) {
      const cutoff = new Date(Date.parse(code.createdAt) - KEEP_EXPIRED_CODES_MS).toISOString();
      await db.deleteFrom("oauth_codes").where("expires_at", "<", cutoff).execute();
      await db
        .insertInto("oauth_codes")
        .values({
          id: code.codeId,
          code_hash: code.codeHash,
          grant_id: code.grantId,
          client_id: code.clientId,
          redirect_uri: code.redirectUri,
          resource: code.resource,
          scopes: encodeScopes(code.scopes),
          code_challenge: code.codeChallenge,
          created_at: code.createdAt,
          expires_at: code.expiresAt,
          consumed_at: null,
        })
        .execute();
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
