import { type Clock, systemClock } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import type { TokenVerifier, VerifiedAccessToken } from "./token-verifier.js";

export interface TokenVerifierCacheOptions {
  /** How long a positive answer is reused; a revocation takes effect within this time. */
  ttlMs: number;
  maxEntries?: number;
  now?: Clock;
}

/**
 * Reuses a successful verification for `ttlMs` so a busy connection does not look its token up on
 * every request. Only live tokens are cached (a new token works at once), never past their expiry,
 * and keyed by the token's hash so the cache holds no usable secret.
 */
export function cachedTokenVerifier(verifier: TokenVerifier, options: TokenVerifierCacheOptions): TokenVerifier {
  const clock = options.now ?? systemClock;
  const maxEntries = options.maxEntries ?? 10_000;
  // The token itself is not kept: entries are found by its hash and hold only what it grants.
  const entries = new Map<string, { verified: Omit<VerifiedAccessToken, "token">; until: number }>();
  return {
    async verify(token) {
      const key = sha256Hex(token);
      const now = clock();
      const cached = entries.get(key);
      if (cached !== undefined && now < cached.until) return { ...cached.verified, token };
      const verified = await verifier.verify(token);
      if (verified === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const { token: _secret, ...grants } = verified;
      entries.set(key, { verified: grants, until: Math.min(now + options.ttlMs, verified.expiresAt * 1000) });
      return verified;
    },
  };
}
