import { bytesToHex } from "@noble/hashes/utils";
import { randomBytes } from "../crypto/random-bytes.js";

/**
 * RFC 9562 version 7 UUID: 48 bits of Unix milliseconds, then random bits. New rows therefore sort
 * roughly by creation time, which keeps keyset pages and B-tree inserts local. Randomness comes from
 * Web Crypto, so core runs in hosts that are not Node.
 */
export function newId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  // 48-bit big-endian milliseconds; bit shifts stop at 32 bits, so divide for the high bytes.
  for (let index = 5, rest = now; index >= 0; index--, rest = Math.floor(rest / 256)) {
    bytes[index] = rest % 256;
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
