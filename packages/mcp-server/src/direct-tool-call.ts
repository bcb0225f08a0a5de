import { type RequestId, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";

/** A single `tools/call` in the exact shape the SDK's CallToolRequestSchema accepts without a task. */
export interface DirectToolCall {
  id: RequestId;
  name: string;
  arguments: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MESSAGE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const PARAMS_KEYS = new Set(["name", "arguments"]);
const hasOnlyKeys = (value: Record<string, unknown>, allowed: ReadonlySet<string>) =>
  Object.keys(value).every((key) => allowed.has(key));

/**
 * The POST body when it is one plain `tools/call`: not a batch, nothing but `jsonrpc`, `id`,
 * `method` and `params`, whose only members are `name` and `arguments` (no `_meta`, no task).
 * Such a call is answered by the router with the same `answerToolCall` the SDK's handler uses:
 * run through the SDK's server it would only be re-validated with zod on the way in and out,
 * which cost as much as the tool. This is a dispatcher, not a second handler. Everything else
 * (initialize, tools/list, notifications, batches, calls with `_meta` or a task, anything
 * malformed) goes to the SDK, which answers it as the protocol says; the shape accepted here is
 * narrower than the SDK's, never wider.
 */
export function readDirectToolCall(body: unknown): DirectToolCall | undefined {
  if (!isPlainObject(body) || body.jsonrpc !== "2.0" || body.method !== "tools/call") return undefined;
  const { id, params } = body;
  if (!(typeof id === "string" || Number.isSafeInteger(id)) || !isPlainObject(params)) return undefined;
  if (!hasOnlyKeys(body, MESSAGE_KEYS) || !hasOnlyKeys(params, PARAMS_KEYS)) return undefined;
  if (typeof params.name !== "string") return undefined;
  const args = params.arguments === undefined ? {} : params.arguments;
  if (!isPlainObject(args)) return undefined;
  return { id: id as RequestId, name: params.name, arguments: args };
}

type PostHeaders = { accept?: string | undefined; "mcp-protocol-version"?: string | string[] | undefined };

/**
 * Whether a POST's headers are plain enough to answer directly: an Accept naming both JSON and event
 * streams (what every Streamable HTTP client sends) and no protocol version, or one the SDK
 * supports. Anything else goes to the SDK's transport, which refuses it in its own words (406, 400);
 * no refusal is written here. Narrower than the SDK's checks, never wider.
 */
export function hasPlainHeaders(headers: PostHeaders): boolean {
  const accept = headers.accept ?? "";
  const version = headers["mcp-protocol-version"];
  return (
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    (version === undefined || (typeof version === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
  );
}
