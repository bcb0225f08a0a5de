import type { AuthorizationCodeRecord } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { encodeScopes } from "./scope-column.js";

/** Codes are kept a day past expiry so a late replay still finds (and is refused for) its code. */
const KEEP_EXPIRED_CODES_MS = 24 * 60 * 60 * 1000;

/** Housekeeping before a new code is stored: drops codes that expired more than a day before `now`. */
export async function deleteLongExpiredCodes(db: Kysely<AuthDatabase>, now: string): Promise<void> {
  const cutoff = new Date(Date.parse(now) - KEEP_EXPIRED_CODES_MS).toISOString();
  await db.deleteFrom("oauth_codes").where("expires_at", "<", cutoff).execute();
}

export async function insertCode(
  db: Kysely<AuthDatabase>,
  code: Omit<AuthorizationCodeRecord, "consumedAt">,
): Promise<void> {
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
      dpop_jkt: code.dpopJkt,
    })
    .execute();
}
