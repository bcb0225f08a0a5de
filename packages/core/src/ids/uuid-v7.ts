import { bytesToHex } from "@noble/hashes/utils";
import { randomBytes } from "../crypto/random-bytes.js";

/**
 * RFC 9562 version 7 UUID: 48 bits of Unix milliseconds, then random bits. New rows therefore sort
 * roughly by creation time, which keeps keyset pages and B-tree inserts local. Randomness comes from
 * Web Crypto, so core runs in hosts that are not Node.
 */
export function newId(now: number = Date.now()): string {
  const bytes = idRandomBytes();
  // 48-bit big-endian milliseconds; bit shifts stop at 32 bits, so divide for the high bytes.
  for (let index = 5, rest = now; index >= 0; index--, rest = Math.floor(rest / 256)) {
    bytes[index] = rest % 256;
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Random bytes drawn for ids at a time: 256 ids' worth. */
const POOL_BYTES = 4096;
let pool: Uint8Array = new Uint8Array(0);
let used = 0;

/**
 * 16 fresh random bytes for an id, from a pool drawn 4 KiB at a time: one call to the platform's
 * source per 256 ids instead of one each, which cost 3.5 s of CPU over a 100,000-row file and its
 * Account Workflow (each call is a trip into the runtime). Every byte is used once.
 */
function idRandomBytes(): Uint8Array {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const bytes = pool.slice(used, used + 16);
  used += 16;
  return bytes;
}

/**
 * Version 7 UUIDs for many rows made in one moment (a file's 100,000 accounts), each greater than
 * the one before: the 12 bits after the milliseconds count up within a millisecond, and the
 * milliseconds move on by one when they run out (RFC 9562 §6.2, method 1). Ids taken at random
 * within one millisecond would land all over each index; in order, every insert goes at the end.
 */
export function idSequence(now: number = Date.now()): () => string {
  let millis = now;
  let counter = 0;
  return () => {
    if (counter === 4096) {
      millis += 1;
      counter = 0;
    }
    const id = newId(millis);
    const sequenced = `${id.slice(0, 14)}${(0x7000 | counter).toString(16)}${id.slice(18)}`;
    counter += 1;
    return sequenced;
  };
}
