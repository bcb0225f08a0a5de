import type { NewToken } from "@connector/core/ports";
import type { Kysely, Transaction } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";
import { insertTokens } from "./insert-tokens.js";
import { revokeGrantWithTokens } from "./revoke-grant.js";

type GrantOf = (trx: Transaction<AuthDatabase>) => Promise<{ grant_id: string } | undefined>;

/**
 * The single-use rule of authorization codes (RFC 6749 §4.1.2) and refresh tokens (RFC 9700
 * §4.14.2), written once, in one transaction: `consume` marks the secret used only if it was
 * unused (a conditional update, so of two concurrent uses only one matches; PostgreSQL re-checks
 * it after waiting for the row lock), and then the issued tokens are stored; a secret that was
 * already used (`find` still finds it) revokes its whole grant instead.
 */
export function consumeOnceElseRevokeGrant(
  db: Kysely<AuthDatabase>,
  step: { consume: GrantOf; find: GrantOf; issued: NewToken[]; now: string },
): Promise<"consumed" | "reused"> {
  return db.transaction().execute(async (trx) => {
    const consumed = await step.consume(trx);
    if (consumed !== undefined) {
      await insertTokens(trx, step.issued);
      await trx.updateTable("oauth_grants").set({ last_used_at: step.now }).where("id", "=", consumed.grant_id).execute();
      return "consumed";
    }
    const used = await step.find(trx);
    if (used !== undefined) await revokeGrantWithTokens(trx, used.grant_id, step.now, "service");
    return "reused";
  });
}
