/**
 * The JWS algorithms a DPoP proof may be signed with: asymmetric only (RFC 9449 §11.6; never `none` or
 * an HMAC), the list the MCP SDK v2 signs with plus `Ed25519` (RFC 9864's name for EdDSA over Ed25519).
 * Published as `dpop_signing_alg_values_supported` (RFC 9449 §5.1) and in every DPoP challenge's `algs`.
 */
export const DPOP_ALGORITHMS = [
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
  "PS256",
  "PS384",
  "PS512",
  "RS256",
  "RS384",
  "RS512",
] as const;
