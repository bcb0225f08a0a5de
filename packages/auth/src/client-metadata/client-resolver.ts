import type { Clock } from "../clock.js";
import { isoAt } from "../clock.js";
import type { AuthStores, OAuthClientRecord } from "@connector/core/ports";
import { checkClientIdUrl, isClientIdUrl } from "./client-id-url.js";
import { BoundedCache, cacheLifetimeMs } from "./document-cache.js";
import { countDocumentFetch } from "./fetch-limit.js";
import { fetchMetadataDocument } from "./fetch-metadata-document.js";
import { readMetadataDocument } from "./metadata-document-client.js";

/** How client ID metadata documents are fetched and kept; every field has a production default. */
export interface ClientMetadataDocumentSettings {
  /** Tests only (default false): fetch from loopback, where the test's metadata server listens. */
  allowLoopbackForTests?: boolean;
  /** Tests only: PEM certificates trusted for the fetch instead of Node's bundle. */
  trustedCertificates?: readonly string[];
  /** Default 3000 ms: the person is waiting on the authorization page. */
  timeoutMs?: number;
  /** Default 5120 bytes, the draft's recommendation. */
  maxBytes?: number;
  /** Reuse when the document says nothing about caching (default 5 minutes). */
  defaultCacheMs?: number;
  /** Never reuse longer than this, whatever the document says (default 1 hour). */
  cacheCeilingMs?: number;
  /** Documents kept at most (default 500). */
  maxCachedDocuments?: number;
  /** Documents fetched (cache misses) per requesting address per hour (default 100). */
  fetchesPerHourPerAddress?: number;
}

/**
 * The client a `client_id` names, or undefined when none: a registration, or a metadata document.
 * `requester` (the asking address) is what document fetches are counted against.
 */
export type ClientResolver = (clientId: string, requester?: string) => Promise<OAuthClientRecord | undefined>;

/**
 * Finds the client of an authorization request. A registered client is read from the store; a
 * `client_id` URL is a client ID metadata document, fetched (hardened: fetch-metadata-document.ts),
 * checked, cached within its cache headers and a ceiling, and saved as the client's record, so
 * grants, tokens and the Connections screen refer to it like to any client and the token endpoint
 * needs no fetch. A refusal throws `invalid_client`.
 */
export function createClientResolver(
  stores: Pick<AuthStores, "clients" | "counters">,
  now: Clock,
  settings: ClientMetadataDocumentSettings = {},
): ClientResolver {
  const limits = {
    allowLoopbackForTests: settings.allowLoopbackForTests ?? false,
    maxBytes: settings.maxBytes ?? 5120,
    timeoutMs: settings.timeoutMs ?? 3000,
    ...(settings.trustedCertificates === undefined ? {} : { trustedCertificates: settings.trustedCertificates }),
  };
  const cache = new BoundedCache<OAuthClientRecord>(settings.maxCachedDocuments ?? 500);

  return async (clientId, requester) => {
    if (!isClientIdUrl(clientId)) return stores.clients.find(clientId);
    const cached = cache.get(clientId, now());
    if (cached !== undefined) return cached;
    const url = checkClientIdUrl(clientId);
    if (requester !== undefined) await countDocumentFetch(stores, settings.fetchesPerHourPerAddress ?? 100, requester, now());
    const fetched = await fetchMetadataDocument(url, limits);
    const document = readMetadataDocument(clientId, fetched.body);
    const record: OAuthClientRecord = { ...document, createdAt: isoAt(now()) };
    await stores.clients.saveFromMetadataDocument(record);
    const lifetime = cacheLifetimeMs(fetched.cacheControl, settings.defaultCacheMs ?? 300_000, settings.cacheCeilingMs ?? 3_600_000);
    if (lifetime > 0) cache.set(clientId, record, now() + lifetime);
    return record;
  };
}
