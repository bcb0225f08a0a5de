import { localPath } from "@connector/http";
import { ENDPOINT_PATHS } from "../discovery/endpoints.js";

/**
 * Where to go after sign-in: a path on this host only (an authorization request, or one of the
 * people's pages; http's `localPath` drops anything else, so the sign-in page cannot be used as an
 * open redirector). Sign-in and sign-out themselves are dropped too (no loops).
 */
export function safeReturnTo(value: unknown): string | undefined {
  const path = localPath(value);
  if (path === undefined) return undefined;
  const { pathname } = new URL(path, "http://return-to.invalid");
  return pathname === ENDPOINT_PATHS.signIn || pathname === ENDPOINT_PATHS.signOut ? undefined : path;
}

export function signInUrl(returnTo: string | undefined): string {
  return returnTo === undefined
    ? ENDPOINT_PATHS.signIn
    : `${ENDPOINT_PATHS.signIn}?return_to=${encodeURIComponent(returnTo)}`;
}
