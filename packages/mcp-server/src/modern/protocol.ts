import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

/**
 * The stateless revision of MCP (specification 2026-07-28), written once for the server and for
 * the tests that speak it: the SDK in use (1.x) predates it and parses none of these shapes.
 * Sources: specification/2026-07-28 basic/index ("_meta", "Error Codes", "ResultType"),
 * basic/versioning, basic/transports/streamable-http ("Request Metadata", "Server Validation"),
 * changelog (server/discover, CacheableResult `ttlMs`/`cacheScope`).
 */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** Versions served statelessly per request ("modern"); everything else goes through `initialize`. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];

/** The handshake-based ("legacy") versions the SDK's server negotiates in `initialize`. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;

/** What `server/discover` and the unsupported-version error list, newest first. */
export const ALL_PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];

/** Reserved `_meta` keys of a request (basic/index "Per-request protocol fields") and of a result. */
export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** The standard request headers of Streamable HTTP 2026-07-28 (names compared case-insensitively). */
export const HEADERS = {
  protocolVersion: "mcp-protocol-version",
  method: "mcp-method",
  name: "mcp-name",
} as const;

/** JSON-RPC error codes: the standard ones, and the three the 2026-07-28 schema defines (-32020..-32022). */
export const ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  headerMismatch: -32020,
  missingRequiredClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const;

export type RequestId = string | number;

export interface Implementation {
  name: string;
  version: string;
}

/** `params._meta` of every 2026-07-28 request: the version and capabilities are required. */
export interface RequestMeta {
  [META.protocolVersion]: string;
  [META.clientCapabilities]: Record<string, unknown>;
  [META.clientInfo]?: Implementation;
  [key: string]: unknown;
}

/** Every result names its type; this server only completes (no multi round-trip input requests). */
export interface ModernResult {
  resultType: "complete";
  _meta: { [META.serverInfo]: Implementation };
  [key: string]: unknown;
}

/** CacheableResult: a freshness hint and whether shared intermediaries may keep the answer. */
export interface CacheHints {
  ttlMs: number;
  cacheScope: "public" | "private";
}

export interface DiscoverResult extends ModernResult, CacheHints {
  supportedVersions: string[];
  capabilities: Record<string, unknown>;
  serverInfo: Implementation;
  instructions?: string;
}

/** `data` of UnsupportedProtocolVersionError (-32022): what the client may retry with. */
export interface UnsupportedProtocolVersionData {
  supported: string[];
  requested: string;
}

export interface JsonRpcErrorResponse {
  jsonrpc: "2.0";
  id?: RequestId;
  error: { code: number; message: string; data?: unknown };
}
