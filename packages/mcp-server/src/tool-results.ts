import { toErrorResponse } from "@connector/http";
import type { CallToolResult, RequestId } from "@modelcontextprotocol/server";

/**
 * The JSON text of each success result's value, as its text block carries it. A result made by
 * `successResult` has exactly two members, both from that one text, so its answer can be written
 * from it (`toolCallResponseText`) without serialising the value again.
 */
const SUCCESS_TEXTS = new WeakMap<CallToolResult, string>();

/** A result in MCP form: structured content (checked by clients against the tool's outputSchema) and the same JSON as text. */
export function successResult(value: unknown): CallToolResult {
  const text = JSON.stringify(value);
  const result: CallToolResult = { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> };
  SUCCESS_TEXTS.set(result, text);
  return result;
}

/**
 * An error as MCP tools report one: `isError` with the service's error body (and the request's
 * id) as text. No structured content, because clients validate structured content against the
 * tool's outputSchema, which describes success.
 */
export function errorResult(error: unknown, requestId?: string): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(toErrorResponse(error, requestId).body) }], isError: true };
}

/**
 * The JSON-RPC answer to one `tools/call`, as text: the same characters `JSON.stringify` writes for
 * `{ jsonrpc, id, result }`. A success result's structured content is written from its text block's
 * JSON, which is that value already serialised, instead of serialising the value a second time
 * (measured: about a third of the time spent writing an answer of 20 accounts; docs/performance.md).
 */
export function toolCallResponseText(id: RequestId, result: CallToolResult): string {
  const text = SUCCESS_TEXTS.get(result);
  if (text === undefined) return JSON.stringify({ jsonrpc: "2.0", id, result });
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":${JSON.stringify(result.content)},"structuredContent":${text}}}`;
}
