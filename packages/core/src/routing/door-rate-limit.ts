import type { FixedWindowLimit } from "../limits/fixed-window.js";

/**
 * The routing doors are public and each ask may spend the vendors' quota on the service's hosted
 * keys: at most 30 asks a minute per client address, both doors together. A person typing into
 * the homepage's box stays far below it.
 */
export const DOOR_RATE_LIMIT: FixedWindowLimit = { name: "doors", limit: 30, windowMs: 60_000 };
