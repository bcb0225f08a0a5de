import { type Clock, isoAt } from "../clock.js";
import type { AuthLogger } from "../logger.js";
import type { AuthStores, GrantRevoker, RevocationFeed } from "@connector/core/ports";

/** What revoking needs: the stores, the feed every process learns revocations from, the clock and the log. */
export interface RevocationContext {
  stores: Pick<AuthStores, "grants" | "tokens">;
  revocations: RevocationFeed;
  now: Clock;
  logger: AuthLogger;
}

/** Why a grant ended, for the security log. */
export type GrantRevocationReason =
  | "revoked by client"
  | "revoked by user"
  | "authorization code replayed"
  | "refresh token reused";

/** Who ended the grant, as its person's Connections screen says it. */
const REVOKER: Record<GrantRevocationReason, GrantRevoker> = {
  "revoked by client": "client",
  "revoked by user": "user",
  "authorization code replayed": "service",
  "refresh token reused": "service",
};

/**
 * The one way a grant ends (spec §5.1.10, RFC 7009 §2.1, RFC 6749 §4.1.2, RFC 9700 §4.14.2): the
 * grant and every token issued from it are revoked in one transaction, then the feed is told, so
 * no cached verification outlives the answer that reports the revocation. Code replay and refresh
 * reuse are detected and revoked by the store inside their own transaction (no window where the
 * grant survives a crash); they come here too, which finds the grant already revoked and announces it.
 * Returns whether this call ended a live grant.
 */
export async function revokeGrant(
  context: RevocationContext,
  grantId: string,
  reason: GrantRevocationReason,
  details: Record<string, string> = {},
): Promise<boolean> {
  const revoked = await context.stores.grants.revoke(grantId, isoAt(context.now()), REVOKER[reason]);
  await context.revocations.publish({ kind: "grant", grantId });
  const entry = { grantId, ...details };
  if (reason === "authorization code replayed" || reason === "refresh token reused") {
    context.logger.warn(entry, `${reason}; grant revoked`);
  } else if (revoked) {
    context.logger.info(entry, `grant ${reason}`);
  }
  return revoked;
}

/** One access token (RFC 7009 §2.1: revoking an access token need not end its grant), announced and logged likewise. */
export async function revokeAccessToken(
  context: RevocationContext,
  tokenHash: string,
  details: Record<string, string> = {},
): Promise<void> {
  await context.stores.tokens.revoke(tokenHash, isoAt(context.now()));
  await context.revocations.publish({ kind: "token", tokenHash });
  context.logger.info(details, "access token revoked by client");
}
