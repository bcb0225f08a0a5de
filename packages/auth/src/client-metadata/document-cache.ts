/**
 * How long a fetched document may be reused: what its Cache-Control allows, never longer than
 * `ceilingMs` (the draft lets the server bound it: "Metadata Caching"). `no-store` or `no-cache`
 * means not at all; without max-age the default applies. Only valid documents are cached, never
 * errors (the draft's MUST NOT), which the caller ensures by caching after validation.
 */
export function cacheLifetimeMs(cacheControl: string | undefined, defaultMs: number, ceilingMs: number): number {
  const directives = (cacheControl ?? "").toLowerCase().split(",").map((part) => part.trim());
  if (directives.some((directive) => directive === "no-store" || directive === "no-cache")) return 0;
  const maxAge = directives.map((directive) => /^max-age=(\d+)$/.exec(directive)?.[1]).find((value) => value !== undefined);
  const lifetime = maxAge === undefined ? defaultMs : Number(maxAge) * 1000;
  return Math.min(lifetime, ceilingMs);
}

/**
 * A small in-memory cache with a bounded number of entries (the oldest goes first), so strangers'
 * `client_id` URLs cannot grow it without limit. Per process: in a cluster each worker fetches on
 * its own, which only costs a fetch.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
