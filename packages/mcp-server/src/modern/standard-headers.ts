import { headerMismatch } from "./modern-error.js";
import { HEADERS, type RequestId } from "./protocol.js";

/** The headers a POST carries, as Node gives them (lower-case names). */
export type PostHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** Methods whose target is mirrored in `Mcp-Name`, and the params field it comes from. */
const NAMED_METHODS: Readonly<Record<string, "name" | "uri">> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/**
 * A header value as the body would say it: the Base64 sentinel `=?base64?…?=` decoded
 * (streamable-http "Value Encoding": servers MUST decode before comparing). A repeated header
 * reaches here joined with ", " by Node, so it never equals the body's value and is refused.
 */
function headerValue(headers: PostHeaders, name: string, id: RequestId | undefined): string | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw headerMismatch(`${name} must be sent once.`, id);
  if (!raw.startsWith("=?base64?")) return raw;
  const encoded = BASE64_SENTINEL.exec(raw)?.[1];
  if (encoded === undefined || encoded.length % 4 !== 0) throw headerMismatch(`${name} is not valid Base64.`, id);
  return Buffer.from(encoded, "base64").toString("utf8");
}

function expectHeader(headers: PostHeaders, name: string, bodyValue: string, id: RequestId | undefined): void {
  const value = headerValue(headers, name, id);
  if (value === undefined) throw headerMismatch(`the ${name} header is required.`, id);
  if (value !== bodyValue) throw headerMismatch(`${name} header value '${value}' does not match body value '${bodyValue}'.`, id);
}

/**
 * Streamable HTTP 2026-07-28 "Server Validation": `MCP-Protocol-Version` and `Mcp-Method` on every
 * request, `Mcp-Name` on a named call, each equal to what the body says. A proxy may route on the
 * headers while this server acts on the body, so a disagreement is refused (HeaderMismatch, 400)
 * rather than resolved either way.
 */
export function checkStandardHeaders(
  headers: PostHeaders,
  /** `id` is undefined for a notification. */
  request: { id: RequestId | undefined; method: string; params: Record<string, unknown>; version: string },
): void {
  const { id, method, params, version } = request;
  expectHeader(headers, HEADERS.protocolVersion, version, id);
  expectHeader(headers, HEADERS.method, method, id);
  const nameField = NAMED_METHODS[method];
  if (nameField === undefined) return;
  const target = params[nameField];
  // A missing or non-string name is the body's fault; the call's own validation reports it.
  if (typeof target === "string") expectHeader(headers, HEADERS.name, target, id);
}
