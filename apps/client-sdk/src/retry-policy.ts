/**
 * Statuses worth the same request again unchanged: 429 (over the rate limit), 503 (briefly
 * unavailable), and a gateway's 502 and 504 (the service behind it did not answer in time or at all).
 * A repeat is safe for every tool: each one only reads, or carries an idempotency key that makes the
 * repeat return the draft the first attempt saved. Never 400, 403, 404 or 409 (the same request gets
 * the same answer), nor 500 (a fault a repeat would hit again); 401 is handled apart, by one refresh.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504;
}

export interface BackoffOptions {
  /** First delay's ceiling in milliseconds; doubles per attempt. Default 500. */
  baseDelayMs?: number;
  /** Largest backoff ceiling. Default 8 000. */
  maxDelayMs?: number;
}

/** Longest `Retry-After` the client waits out itself; beyond it the error goes to the caller. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The service's `Retry-After` (seconds, or an HTTP date: RFC 9110 §10.2.3) when it sent one, else
 * exponential backoff with jitter: a random delay between half and all of `base · 2^attempt`, so
 * clients that failed together do not come back together.
 */
export function retryDelayMs(
  attempt: number,
  headers: Headers | undefined,
  options: BackoffOptions = {},
  random: () => number = Math.random,
  now: number = Date.now(),
): number {
  const retryAfter = retryAfterMs(headers, now);
  if (retryAfter !== undefined) return retryAfter;
  const ceiling = Math.min(options.maxDelayMs ?? 8_000, (options.baseDelayMs ?? 500) * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

function retryAfterMs(headers: Headers | undefined, now: number): number | undefined {
  const value = headers?.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
