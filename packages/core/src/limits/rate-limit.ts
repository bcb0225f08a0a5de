import type { RateLimitStore } from "../ports/domain-stores.js";

/** Spec §8: 120 authenticated connector requests per minute per grant. */
export const RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

let lastWindow = { start: Number.NaN, label: "" };

/** The window's start as stored (ISO 8601); the same minute's label is reused rather than formatted per request. */
function windowLabel(start: number): string {
  if (lastWindow.start !== start) lastWindow = { start, label: new Date(start).toISOString() };
  return lastWindow.label;
}

/**
 * Fixed one-minute windows counted in the database, so every server process sharing the
 * database shares one count per grant.
 */
export async function checkRateLimit(
  store: RateLimitStore,
  grantId: string,
  now: Date,
  limit: number = RATE_LIMIT.limit,
): Promise<RateLimitDecision> {
  const windowMs = RATE_LIMIT.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const count = await store.hit(`grant:${grantId}`, windowLabel(windowStart));
  const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000));
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds,
  };
}

/**
 * IETF draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` describes the quota,
 * `RateLimit` the current state; `Retry-After` (RFC 9110 §10.2.3) only when refused.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"per-grant";q=${decision.limit};w=${RATE_LIMIT.windowSeconds}`,
    RateLimit: `"per-grant";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers["Retry-After"] = String(decision.resetSeconds);
  return headers;
}
