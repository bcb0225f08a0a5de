import { randomBytes } from "node:crypto";

/**
 * RFC 9562 version 7 UUID: 48 bits of Unix milliseconds, then random bits. New rows therefore sort
 * roughly by creation time, which keeps keyset pages and B-tree inserts local. `node:crypto` is
 * used because every host that embeds core runs on Node.
 */
export function newId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
