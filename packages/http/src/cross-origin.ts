import cors from "cors";

/** Connect-style middleware, as every host (express included) mounts it. */
export type CorsMiddleware = ReturnType<typeof cors>;

/**
 * Response headers a browser app needs to read from connector answers: the challenge (which
 * workspace, which scope), when to come back, the quota, the id to quote, and the next DPoP nonce. Without this list a
 * cross-origin `fetch` sees only the CORS-safelisted ones.
 */
const EXPOSED_HEADERS = ["WWW-Authenticate", "Retry-After", "RateLimit", "RateLimit-Policy", "X-Request-Id", "DPoP-Nonce"];
/**
 * What the REST tools read from a request: the token, its DPoP proof (RFC 9449 §7), the JSON body, the
 * client's own request id.
 */
const BEARER_REQUEST_HEADERS = ["Authorization", "DPoP", "Content-Type", "X-Request-Id"];
/**
 * Streamable HTTP's request headers (MCP transport spec) beside the bearer token's: 2025-06-18's
 * session and resumption headers, and 2026-07-28's `Mcp-Method`/`Mcp-Name`, which it requires on
 * every call (without them a browser's preflight fails and no 2026-07-28 call can be made).
 */
const MCP_REQUEST_HEADERS = [
  ...BEARER_REQUEST_HEADERS,
  "Accept",
  "Mcp-Protocol-Version",
  "Mcp-Session-Id",
  "Last-Event-ID",
  "Mcp-Method",
  "Mcp-Name",
];
/** Browsers may cache a preflight this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for routes authorized by a bearer token only (the connector REST tools, the OpenAPI
 * documents): any origin, never credentials. A bearer token is not ambient: a page on another origin
 * can only send one it was given, so answering `*` opens nothing a cookie protects (the `cors`
 * package leaves `Access-Control-Allow-Credentials` out, and browsers refuse credentialed
 * requests to `*`). Never mount it on a route a cookie authenticates (pages, `/api/v1` sessions).
 */
export function bearerCors(methods: readonly string[]): CorsMiddleware {
  return cors({
    origin: "*",
    methods: [...methods],
    allowedHeaders: BEARER_REQUEST_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}

/**
 * CORS for the MCP servers: only the allowed origins (the MCP transport's defence against DNS
 * rebinding, checked before this), each answered with its own origin; others get no CORS headers.
 */
export function mcpCors(allowedOrigins: readonly string[]): CorsMiddleware {
  return cors({
    origin: [...allowedOrigins],
    methods: ["POST"],
    allowedHeaders: MCP_REQUEST_HEADERS,
    exposedHeaders: [...EXPOSED_HEADERS, "Mcp-Session-Id"],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
