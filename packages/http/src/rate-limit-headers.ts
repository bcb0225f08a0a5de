import type { FixedWindowDecision, FixedWindowLimit } from "@connector/core/limits";

/**
 * IETF draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` describes the quota,
 * `RateLimit` the current state; `Retry-After` (RFC 9110 §10.2.3) only when refused.
 */
export function rateLimitHeaders(limit: FixedWindowLimit, decision: FixedWindowDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${limit.name}";q=${decision.limit};w=${Math.round(limit.windowMs / 1000)}`,
    RateLimit: `"${limit.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers["Retry-After"] = String(decision.resetSeconds);
  return headers;
}
