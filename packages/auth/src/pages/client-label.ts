import { isClientIdUrl } from "../client-metadata/client-id-url.js";
import type { OAuthClientRecord } from "@connector/core/ports";

/**
 * The host a client ID metadata document is published on, which the person can check; undefined
 * for a registered client. The name inside a document is only the app's own claim (draft
 * "OAuth Phishing Attacks": display the hostname of the client_id).
 */
export function publishedHost(client: OAuthClientRecord): string | undefined {
  return isClientIdUrl(client.clientId) ? new URL(client.clientId).host : undefined;
}

/** How pages name a client: by its document's host, or by its registered name. */
export const clientLabel = (client: OAuthClientRecord): string => publishedHost(client) ?? client.clientName;
