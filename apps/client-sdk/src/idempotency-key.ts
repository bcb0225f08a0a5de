/**
 * A fresh key for one logical draft (spec §7 rule 3): reused on every retry of that draft, never for
 * another. Web Crypto's `randomUUID`, available in Node 20, browsers, Deno, Bun and workers.
 */
export function newIdempotencyKey(): string {
  return `sdk-${globalThis.crypto.randomUUID()}`;
}
