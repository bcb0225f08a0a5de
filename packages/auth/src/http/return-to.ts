import { ENDPOINT_PATHS } from "../discovery/endpoints.js";

/**
 * Where to go after sign-in: only back into an authorization request on this host. Anything else
 * is dropped, so the sign-in page cannot be used as an open redirector.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const path = ENDPOINT_PATHS.authorization;
  if (value !== path && !value.startsWith(`${path}?`)) return undefined;
  if (value.includes("\\") || [...value].some((character) => character.charCodeAt(0) < 0x20)) return undefined;
  return value;
}

export function signInUrl(returnTo: string | undefined): string {
  return returnTo === undefined
    ? ENDPOINT_PATHS.signIn
    : `${ENDPOINT_PATHS.signIn}?return_to=${encodeURIComponent(returnTo)}`;
}
