import { isClientIdUrl } from "../client-metadata/client-id-url.js";
import type { OAuthClientRecord } from "@connector/core/ports";

/**
 * The host a client ID metadata document is published on, which the person can check; undefined
 * for a registered client. The name inside a document is only the app's own claim (draft
 * "OAuth Phishing Attacks": display the hostname of the client_id). The consent and wrong-account
 * pages name the client by it.
 */
export function publishedHost(client: OAuthClientRecord): string | undefined {
  return isClientIdUrl(client.clientId) ? new URL(client.clientId).host : undefined;
}
