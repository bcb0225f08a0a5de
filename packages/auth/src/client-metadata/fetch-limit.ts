import { countInFixedWindow, type FixedWindowLimit } from "@connector/core";
import { OAuthError } from "../errors/oauth-error.js";
import type { AuthStores } from "@connector/core/ports";

/**
 * Too many documents fetched for one address: the authorization page is open to anyone, so without
 * a limit a stranger could make this server send requests to URLs of their choosing as fast as
 * they can ask. `temporarily_unavailable` (RFC 6749 §4.1.2.1) with 429 and `Retry-After`.
 */
export class MetadataFetchLimitError extends OAuthError {
  readonly error = "temporarily_unavailable";
  readonly status = 429;
}

/**
 * Counts a document fetch (not a cache hit) against the requester's address, in the database
 * with core's fixed-window rule like every limit, so all instances share the count.
 */
export async function countDocumentFetch(
  stores: Pick<AuthStores, "counters">,
  perHour: number,
  requester: string,
  now: number,
): Promise<void> {
  const limit: FixedWindowLimit = { name: "client-metadata-fetch", limit: perHour, windowMs: 60 * 60 * 1000 };
  const decision = await countInFixedWindow(stores.counters, limit, requester, now);
  if (decision.allowed) return;
  throw new MetadataFetchLimitError("Too many apps were looked up from this address. Try again later.", {
    headers: { "Retry-After": String(decision.resetSeconds) },
  });
}
