import { connectorErrorBodyJsonSchema } from "@connector/core/errors";

/**
 * The one error body (docs/decisions.md), as JSON Schema: core's, the shape /api/v1 shares, listing the
 * connector's codes only (`CONNECTOR_ERROR_CODES`): the client SDK's code union is generated from it.
 */
export const errorBodySchema = connectorErrorBodyJsonSchema;

const challengeHeader = {
  "WWW-Authenticate": {
    description:
      "Bearer challenge with resource_metadata (RFC 9728) and, when a token was sent, error and error_description (RFC 6750 §3), followed by a DPoP challenge with algs (RFC 9449 §7.1). A token of the other workspace is error=\"invalid_token\" with an error_description saying so; the body's code is wrong_workspace. A request sent with the DPoP scheme, or a DPoP-bound token sent as Bearer, has its error in the DPoP challenge: invalid_token, invalid_dpop_proof, or use_dpop_nonce (with the nonce in DPoP-Nonce).",
    schema: { type: "string" },
  },
};

/**
 * Sent with every answer to a request that passed authentication and was counted against its
 * grant's quota: 200, and 400, 403, 404, 409, 413, 415, 429 and 503 alike, over REST and MCP. Not
 * with 401, nor with a 503 that came before the call could be counted.
 */
export const rateLimitHeaders = {
  RateLimit: {
    description: "What is left of the quota and when it resets, e.g. `\"per-grant\";r=117;t=42` (IETF RateLimit header fields).",
    schema: { type: "string" },
  },
  "RateLimit-Policy": { description: "The quota: `\"per-grant\";q=120;w=60`, 120 requests per 60 s per grant.", schema: { type: "string" } },
};

const retryAfter = { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } } };

interface ErrorResponseSpec {
  status: string;
  name: string;
  description: string;
  headers?: Record<string, unknown>;
}

/** Spec §7 statuses plus the body-size and media-type refusals (docs/decisions.md). */
export const ERROR_RESPONSES: readonly ErrorResponseSpec[] = [
  {
    status: "400",
    name: "InvalidInput",
    description: "Invalid input: schema violation, unknown property, or personal data in arguments.",
    headers: rateLimitHeaders,
  },
  {
    status: "401",
    name: "ConnectionRequired",
    description:
      "connection_required (no token), invalid_token (expired, revoked or unknown: refresh once, then connect again; or a DPoP-bound token sent as Bearer or with another key's proof), wrong_workspace (a live token of the other workspace: no refresh helps; connect this workspace), invalid_dpop_proof (the DPoP proof is missing, for another method or URL, outside its 5-minute iat window, or already used: sign a new one) or use_dpop_nonce (sign the proof again with the nonce in DPoP-Nonce).",
    headers: {
      ...challengeHeader,
      "DPoP-Nonce": { description: "The nonce to sign the next DPoP proof with (RFC 9449 §9); on every answer to a DPoP request.", schema: { type: "string" } },
    },
  },
  {
    status: "403",
    name: "PermissionMissing",
    description: "insufficient_scope: the connection lacks the scope the challenge names.",
    headers: { ...challengeHeader, ...rateLimitHeaders },
  },
  { status: "404", name: "Unavailable", description: "Unavailable record, or no such tool.", headers: rateLimitHeaders },
  { status: "413", name: "PayloadTooLarge", description: "The body is larger than 64 KiB.", headers: rateLimitHeaders },
  { status: "415", name: "UnsupportedMediaType", description: "The body is not JSON.", headers: rateLimitHeaders },
  {
    status: "429",
    name: "RateLimited",
    description: "More than 120 requests in a minute on this grant.",
    headers: { ...retryAfter, ...rateLimitHeaders },
  },
  {
    status: "503",
    name: "ServiceUnavailable",
    description:
      "The service cannot reach its database; wait for Retry-After. The RateLimit headers are there when the call had been counted.",
    headers: { ...retryAfter, ...rateLimitHeaders },
  },
];

export const CONFLICT_RESPONSE: ErrorResponseSpec = {
  status: "409",
  name: "IdempotencyConflict",
  description: "The idempotencyKey was already used with different content, or by another connection of the same person.",
  headers: rateLimitHeaders,
};
