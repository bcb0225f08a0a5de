import type { Revocation, RevocationFeed } from "@connector/core/ports";
import { type Clock, systemClock } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import type { TokenVerifier, VerifiedAccessToken } from "./token-verifier.js";

export interface TokenVerifierCacheOptions {
  /** How long a positive answer is reused when nothing revokes it. */
  ttlMs: number;
  /** The feed every revocation is announced on; the cache forgets what a revocation ends. */
  revocations: RevocationFeed;
  maxEntries?: number;
  now?: Clock;
}

interface Entry {
  /** The token itself is not kept: entries are found by its hash and hold only what it grants. */
  verified: Omit<VerifiedAccessToken, "token">;
  until: number;
}

/**
 * Reuses a successful verification for `ttlMs` so a busy connection does not look its token up on
 * every request. Only live tokens are cached (a new token works at once), never past their expiry,
 * and keyed by the token's hash (the hash the database keeps) so the cache holds no usable secret.
 *
 * Revocation does not wait for the time to pass: the cache subscribes to the revocation feed and drops
 * the revoked token, or every token of a revoked grant, as the revocation is announced, which is
 * before the revoking answer is sent. A verification that was already reading the database when a
 * revocation was announced may have read the row from before it, so its answer is not remembered.
 */
export function cachedTokenVerifier(verifier: TokenVerifier, options: TokenVerifierCacheOptions): TokenVerifier {
  const clock = options.now ?? systemClock;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  // Counts revocations seen; a verification that spans one is not cached.
  let revocationsSeen = 0;

  options.revocations.subscribe((revocation: Revocation) => {
    revocationsSeen++;
    if (revocation.kind === "token") {
      entries.delete(revocation.tokenHash);
      return;
    }
    // Revocations are rare and the cache is bounded, so a scan is cheaper than an index kept on every hit.
    for (const [key, entry] of entries) {
      if (entry.verified.principal.grantId === revocation.grantId) entries.delete(key);
    }
  });

  return {
    async verify(token) {
      const key = sha256Hex(token);
      const now = clock();
      const cached = entries.get(key);
      if (cached !== undefined && now < cached.until) return { ...cached.verified, token };
      const seenBefore = revocationsSeen;
      const verified = await verifier.verify(token);
      if (verified === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (revocationsSeen !== seenBefore) return verified;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const { token: _secret, ...grants } = verified;
      entries.set(key, { verified: grants, until: Math.min(now + options.ttlMs, verified.expiresAt * 1000) });
      return verified;
    },
  };
}
