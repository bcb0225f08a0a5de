/**
 * `length` bytes from the platform's cryptographic random source. Web Crypto's `getRandomValues`
 * is a global in Node 20, Deno, Bun, browsers and edge runtimes, so core needs no `node:crypto`.
 */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}
