import type { OAuthClientRecord } from "@connector/core/ports";
import { InvalidRedirectUriError, InvalidRequestError } from "../errors/oauth-error.js";

/** RFC 8252 §7.3 loopback hosts, where a native client may listen on plain http. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * A redirect URI a client may register: absolute, no fragment (RFC 6749 §3.1.2), no userinfo,
 * https anywhere or http on a loopback host only (RFC 9700 §4.1.1, RFC 8252 §7.3). Custom schemes
 * are refused because spec §5.1.3 names only https and loopback callbacks.
 * @see RFC 7591 §2 and §3.2.2 (`invalid_redirect_uri`)
 */
export function checkRegistrableRedirectUri(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new InvalidRedirectUriError("Each redirect URI must be an absolute URL.");
  }
  if (uri.includes("#")) throw new InvalidRedirectUriError("A redirect URI must not contain a fragment.");
  if (url.username !== "" || url.password !== "") {
    throw new InvalidRedirectUriError("A redirect URI must not contain credentials.");
  }
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return;
  throw new InvalidRedirectUriError("A redirect URI must use https, or http on a loopback host (127.0.0.1, [::1], localhost).");
}

/**
 * The authorization request's redirect_uri must equal one registered URI character for character
 * (RFC 9700 §4.1.3: exact string matching; spec §5.1.3 "exact redirect URLs"). It is required even
 * for a client with one registered URI, so the token request can always be bound to it.
 * @see RFC 6749 §3.1.2.3, §4.1.3
 */
export function checkRegisteredRedirectUri(client: OAuthClientRecord, redirectUri: string | undefined): string {
  if (redirectUri === undefined) throw new InvalidRequestError("The redirect_uri parameter is required.");
  if (!client.redirectUris.includes(redirectUri)) {
    throw new InvalidRequestError("The redirect_uri is not registered for this client.");
  }
  return redirectUri;
}
