import { ACTIVITY_KEPT_PER_CONNECTION, REVOKED_CONNECTIONS_KEPT_DAYS } from "@connector/core/limits";
import type { AuthStores, ConnectionActivityStore, GrantSummary, RevocationFeed, UserConnection } from "@connector/core/ports";
import { type Clock, isoAt, systemClock } from "../clock.js";
import { type AuthLogger, silentLogger } from "../logger.js";
import { revokeGrant } from "../revocation/revoke-grant.js";

/**
 * Spec §2.6 and §5.1.10: a person's connections and how they end one. The Connections screen
 * calls these with the signed-in user's id.
 */
const DAY_MS = 86_400_000;

export function listUserGrants(stores: Pick<AuthStores, "grants">, userId: string, now: Clock = systemClock): Promise<GrantSummary[]> {
  const revokedSince = isoAt(now() - REVOKED_CONNECTIONS_KEPT_DAYS * DAY_MS);
  return stores.grants.listByUser(userId, { revokedSince });
}

/**
 * The person's connections with each one's activity trail (the Connections screen): the live ones,
 * and those revoked in the last `REVOKED_CONNECTIONS_KEPT_DAYS` days, marked with when and by whom.
 */
export async function listUserConnections(
  context: { stores: Pick<AuthStores, "grants">; activity: Pick<ConnectionActivityStore, "listByGrant">; now?: Clock },
  userId: string,
): Promise<UserConnection[]> {
  const grants = await listUserGrants(context.stores, userId, context.now);
  return Promise.all(
    grants.map(async (grant) => ({ ...grant, activity: await context.activity.listByGrant(grant.grantId, ACTIVITY_KEPT_PER_CONNECTION) })),
  );
}

export interface UserGrantRevocation {
  stores: Pick<AuthStores, "grants" | "tokens">;
  /** The service's feed (the one its verified-token cache subscribes to), so the grant stops working at once. */
  revocations: RevocationFeed;
  now?: Clock;
  /** The caller's request logger (`withRequestId(logger, id)`), so the line names the request. */
  logger?: AuthLogger;
}

/**
 * Revokes one of the user's own grants and every token issued from it, before it returns. Returns
 * false when the grant is unknown, already revoked, or someone else's (the caller answers 404 for all three).
 */
export async function revokeUserGrant(context: UserGrantRevocation, userId: string, grantId: string): Promise<boolean> {
  const grant = await context.stores.grants.find(grantId);
  if (grant === undefined || grant.userId !== userId) return false;
  return revokeGrant(
    { ...context, now: context.now ?? systemClock, logger: context.logger ?? silentLogger },
    grantId,
    "revoked by user",
    { userId },
  );
}
