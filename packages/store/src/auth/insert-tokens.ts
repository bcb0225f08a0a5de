import type { NewToken } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { encodeScopes } from "./scope-column.js";

export async function insertTokens(trx: Kysely<AuthDatabase>, tokens: readonly NewToken[]): Promise<void> {
  if (tokens.length === 0) return;
  await trx
    .insertInto("oauth_tokens")
    .values(
      tokens.map((token) => ({
        id: token.tokenId,
        kind: token.kind,
        token_hash: token.tokenHash,
        grant_id: token.grantId,
        scopes: encodeScopes(token.scopes),
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        consumed_at: null,
        revoked_at: null,
        dpop_jkt: token.dpopJkt,
      })),
    )
    .execute();
}
