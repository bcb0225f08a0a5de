import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";

/**
 * The SHA-256 of a string's UTF-8 bytes, as lowercase hex. Synchronous and runtime-neutral
 * (`@noble/hashes`, not `node:crypto`), so core runs in any host; the digests are the same bytes
 * `createHash("sha256")` gave, so stored hashes (idempotency keys, invite tokens) still match.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
