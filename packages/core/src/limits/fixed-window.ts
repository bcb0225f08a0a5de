import type { FixedWindowCounterStore } from "../ports/domain-stores.js";

/** A limit counted in fixed windows: at most `limit` events per `windowMs`, per key. */
export interface FixedWindowLimit {
  /** Names the limit in stored keys and in the `RateLimit-Policy` header (`per-grant`, `sign-in`). */
  name: string;
  limit: number;
  windowMs: number;
}

export interface FixedWindowDecision {
  allowed: boolean;
  limit: number;
  /** Events left in this window. */
  remaining: number;
  /** Seconds until the current window ends (at least 1). */
  resetSeconds: number;
}

/** Spec §8: 120 authenticated connector requests per minute per grant. */
export const CONNECTOR_RATE_LIMIT: FixedWindowLimit = { name: "per-grant", limit: 120, windowMs: 60_000 };

const labels = new Map<number, { start: number; label: string }>();

/** The window's start as stored (ISO 8601); the same window's label is reused rather than formatted per call. */
function windowLabel(windowMs: number, start: number): string {
  const last = labels.get(windowMs);
  if (last !== undefined && last.start === start) return last.label;
  const label = new Date(start).toISOString();
  labels.set(windowMs, { start, label });
  return label;
}

/**
 * Counts `amount` events (default 1; 0 only reads the count) for `key` under `limit` in the
 * window holding `now`, in the store every process shares, and says whether the count is still
 * within the limit. The one fixed-window rule behind every limit of the service.
 */
export async function countInFixedWindow(
  store: FixedWindowCounterStore,
  limit: FixedWindowLimit,
  key: string,
  now: number,
  amount = 1,
): Promise<FixedWindowDecision> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const count = await store.hit(`${limit.name}:${key}`, windowLabel(limit.windowMs, windowStart), amount);
  return {
    allowed: count <= limit.limit,
    limit: limit.limit,
    remaining: Math.max(0, limit.limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)),
  };
}
