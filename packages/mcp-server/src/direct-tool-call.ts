import { isServiceError, type JsonResponseWriter, reportUnexpected, sendJson } from "@connector/core";
import type { CallToolResult, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { ToolRunner } from "./mcp-session.js";
import { errorResult, successResult } from "./tool-results.js";

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
 * Such a call is answered by the router itself: run through the SDK's server it would only be
 * re-validated with zod on the way in and out, which cost as much as the tool. Everything else
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

/**
 * Runs the call and writes its JSON-RPC response: the tool's result, or an `isError` result with
 * the service's error body, exactly as the SDK path answers. Losing the database is the one
 * failure that is not a tool result: it is thrown, to be an HTTP 503 with Retry-After as on REST.
 */
export async function answerToolCall(
  res: JsonResponseWriter,
  call: DirectToolCall,
  runTool: ToolRunner,
  reportError?: (error: unknown) => void,
): Promise<void> {
  let result: CallToolResult;
  try {
    result = successResult(await runTool(call.name, call.arguments));
  } catch (error) {
    if (isServiceError(error) && error.status === 503) throw error;
    reportUnexpected(error, reportError);
    result = errorResult(error);
  }
  sendJson(res, 200, { jsonrpc: "2.0", id: call.id, result });
}
