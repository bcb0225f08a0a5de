import { createHash, hash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A fresh opaque secret: 256 random bits, base64url, behind a short prefix that tells people and
 * secret scanners what leaked (`at_` access token, `rt_` refresh token, `ac_` code, `ss_` session).
 */
export function newSecret(prefix: "at" | "rt" | "ac" | "ss"): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

/**
 * Secrets are stored only as this hash, so a database leak yields nothing usable. Every connector
 * call hashes its token: the one-shot `hash` (Node 20.12+) makes no Hash object for the GC to chase.
 */
export function sha256Hex(secret: string): string {
  return hash("sha256", secret, "hex");
}

/**
 * Compares two strings in time independent of where they differ. Both sides are hashed first so
 * unequal lengths neither throw nor leak through an early return.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a, "utf8").digest();
  const right = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
