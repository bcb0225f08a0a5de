import type { AuthStores, GrantSummary } from "@connector/core";
import { type Clock, isoAt, systemClock } from "../clock.js";

/**
 * Spec §2.6 and §5.1.10: a person's connections and how they end one. The Connections screen
 * (a later issue) calls these with the signed-in user's id.
 */
export function listUserGrants(stores: Pick<AuthStores, "grants">, userId: string): Promise<GrantSummary[]> {
  return stores.grants.listActiveByUser(userId);
}

/**
 * Revokes one of the user's own grants and every token issued from it. Returns false when the
 * grant is unknown, already revoked, or someone else's (the caller answers 404 for all three).
 */
export async function revokeUserGrant(
  stores: Pick<AuthStores, "grants">,
  userId: string,
  grantId: string,
  now: Clock = systemClock,
): Promise<boolean> {
  const grant = await stores.grants.find(grantId);
  if (grant === undefined || grant.userId !== userId) return false;
  return stores.grants.revoke(grantId, isoAt(now()));
}
