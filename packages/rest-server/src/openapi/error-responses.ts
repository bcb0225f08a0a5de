import { errorBodyJsonSchema } from "@connector/core";

/** The one error body (docs/decisions.md), as JSON Schema: core's, shared with /api/v1. */
export const errorBodySchema = errorBodyJsonSchema;

const challengeHeader = {
  "WWW-Authenticate": {
    description: "Bearer challenge with resource_metadata (RFC 9728) and, when a token was sent, the error.",
    schema: { type: "string" },
  },
};

const rateLimitHeaders = {
  RateLimit: { description: "Current quota state (IETF RateLimit header fields).", schema: { type: "string" } },
  "RateLimit-Policy": { description: "The quota: 120 requests per 60 s per grant.", schema: { type: "string" } },
};

interface ErrorResponseSpec {
  status: string;
  name: string;
  description: string;
  headers?: Record<string, unknown>;
}

/** Spec §7 statuses plus the body-size and media-type refusals (docs/decisions.md). */
export const ERROR_RESPONSES: readonly ErrorResponseSpec[] = [
  { status: "400", name: "InvalidInput", description: "Invalid input: schema violation, unknown property, or personal data in arguments." },
  { status: "401", name: "ConnectionRequired", description: "Connection required or expired.", headers: challengeHeader },
  { status: "403", name: "PermissionMissing", description: "Permission (scope) missing or wrong workspace.", headers: challengeHeader },
  { status: "404", name: "Unavailable", description: "Unavailable record, or no such tool." },
  { status: "413", name: "PayloadTooLarge", description: "The body is larger than 64 KiB." },
  { status: "415", name: "UnsupportedMediaType", description: "The body is not JSON." },
  {
    status: "429",
    name: "RateLimited",
    description: "More than 120 requests in a minute on this grant.",
    headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } }, ...rateLimitHeaders },
  },
  { status: "503", name: "ServiceUnavailable", description: "The service cannot reach its database; retry with backoff." },
];

export const CONFLICT_RESPONSE: ErrorResponseSpec = {
  status: "409",
  name: "IdempotencyConflict",
  description: "The idempotencyKey was already used with different content.",
};
