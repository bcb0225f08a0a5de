import type { OAuthError } from "../errors/oauth-error.js";

/**
 * The redirect back to the client. Parameters are added to the registered URI's own query
 * (RFC 6749 §3.1.2), and `iss` is always sent so the client can detect mix-up attacks (RFC 9207 §2).
 */
export function authorizationResponseUrl(
  redirectUri: string,
  issuer: string,
  parameters: Record<string, string | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  url.searchParams.set("iss", issuer);
  return url.href;
}

/** @see RFC 6749 §4.1.2 */
export function successResponseUrl(redirectUri: string, issuer: string, code: string, state: string): string {
  return authorizationResponseUrl(redirectUri, issuer, { code, state });
}

/** @see RFC 6749 §4.1.2.1 */
export function errorResponseUrl(
  redirectUri: string,
  issuer: string,
  error: OAuthError,
  state: string | undefined,
): string {
  return authorizationResponseUrl(redirectUri, issuer, {
    error: error.error,
    error_description: error.description,
    state,
  });
}
