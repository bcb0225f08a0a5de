/** Spec §5.1.9 lifetimes, in milliseconds. */
export const AUTHORIZATION_CODE_TTL_MS = 2 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Each rotated refresh token lives this long from its own issue (an idle window, not an absolute cap). */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Not set by the spec: a sign-in lasts a working day, then the person signs in again. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** "Last used" on the Connections screen is kept to the minute so verifying a token rarely writes. */
export const GRANT_TOUCH_INTERVAL_MS = 60 * 1000;
/**
 * RFC 9449 §4.3 check 11 and §11.1: a DPoP proof is accepted within this much of its `iat`, either
 * side of the server's clock (SEP-1932's ±5 minutes). A proof's `jti` is remembered this long past its `iat`.
 */
export const DPOP_IAT_WINDOW_MS = 5 * 60 * 1000;
/**
 * RFC 9449 §8, §9: the server nonce changes this often; a nonce is accepted in its own period and the
 * next, so it lives 5 to 10 minutes. Every answer to a DPoP request carries the current one.
 */
export const DPOP_NONCE_PERIOD_MS = 5 * 60 * 1000;
