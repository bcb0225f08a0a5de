/** Spec §5.1.9 lifetimes, in milliseconds. */
export const AUTHORIZATION_CODE_TTL_MS = 2 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Each rotated refresh token lives this long from its own issue (an idle window, not an absolute cap). */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Not set by the spec: a sign-in lasts a working day, then the person signs in again. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** "Last used" on the Connections screen is kept to the minute so verifying a token rarely writes. */
export const GRANT_TOUCH_INTERVAL_MS = 60 * 1000;
