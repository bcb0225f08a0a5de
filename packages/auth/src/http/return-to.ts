import { ENDPOINT_PATHS } from "../discovery/endpoints.js";

const LOCAL_ORIGIN = "http://return-to.invalid";

/**
 * Where to go after sign-in: a path on this host only (an authorization request, or one of the
 * people's pages). A full URL, a scheme-relative `//host`, a backslash (which browsers read as a
 * slash) or a control character is dropped, so the sign-in page cannot be used as an open
 * redirector. Sign-in and sign-out themselves are dropped too (no loops).
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 4096) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  if (value.includes("\\") || [...value].some((character) => character.charCodeAt(0) < 0x20)) return undefined;
  const url = new URL(value, LOCAL_ORIGIN);
  if (url.origin !== LOCAL_ORIGIN) return undefined;
  if (url.pathname === ENDPOINT_PATHS.signIn || url.pathname === ENDPOINT_PATHS.signOut) return undefined;
  return value;
}

export function signInUrl(returnTo: string | undefined): string {
  return returnTo === undefined
    ? ENDPOINT_PATHS.signIn
    : `${ENDPOINT_PATHS.signIn}?return_to=${encodeURIComponent(returnTo)}`;
}
