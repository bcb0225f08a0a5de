import { sha256Hex } from "../crypto/sha256-hex.js";
import { assertValueDepth } from "../guard/json-depth.js";

/**
 * JSON with object keys sorted at every depth, so two requests with the same content but a
 * different key order hash alike (spec §7 rule 1: an identical retry is about content, not bytes).
 */
export function canonicalJson(value: unknown): string {
  // sortKeys and JSON.stringify both recurse: bounded by the depth every JSON reader allows.
  assertValueDepth(value);
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, entry]) => [key, sortKeys(entry)]));
  }
  return value;
}

export function contentHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
