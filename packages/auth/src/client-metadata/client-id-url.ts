import { InvalidClientError } from "../errors/oauth-error.js";

/**
 * Whether a `client_id` names a client ID metadata document rather than a registration here.
 * Registration mints UUIDs and refuses a chosen `client_id`, so no registered client's id is a URL
 * and the two kinds never collide (draft-ietf-oauth-client-id-metadata-document
 * "Supporting Both Pre-Registered and Unregistered Clients"). `http://` counts, to be refused
 * with a reason rather than looked up as a registration.
 */
export function isClientIdUrl(clientId: string): boolean {
  return clientId.startsWith("https://") || clientId.startsWith("http://");
}

/**
 * A Client Identifier URL as the draft defines it ("Client Identifier URL"): https, no userinfo,
 * a path, no `.`/`..` segments, no fragment. A query is allowed (SHOULD NOT, not MUST NOT).
 * The URL is kept exactly as sent: the document's `client_id` must equal it by simple string
 * comparison (RFC 3986 §6.2.1), so it is never normalized.
 */
export function checkClientIdUrl(clientId: string): URL {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new InvalidClientError("The client_id is not a valid URL.");
  }
  if (url.protocol !== "https:") throw new InvalidClientError("A client_id URL must use https.");
  if (url.username !== "" || url.password !== "") throw new InvalidClientError("A client_id URL must not contain credentials.");
  if (clientId.includes("#")) throw new InvalidClientError("A client_id URL must not contain a fragment.");
  const path = clientId.slice(url.origin.length).split("?")[0] ?? "";
  if (path === "" || path === "/") throw new InvalidClientError("A client_id URL must have a path, like https://app.example/client.json.");
  if (path.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new InvalidClientError("A client_id URL must not contain . or .. path segments.");
  }
  return url;
}
