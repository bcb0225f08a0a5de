/** Statuses worth retrying: the request may succeed later unchanged (spec §7 rule 3). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** `Retry-After` in seconds when the service sent one, else exponential backoff with full jitter. */
export function retryDelayMs(attempt: number, headers: Headers | undefined, random: () => number = Math.random): number {
  const retryAfter = Number(headers?.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(retryAfter, 60) * 1000;
  const ceiling = Math.min(8_000, 500 * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}
