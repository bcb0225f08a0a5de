import { toErrorResponse } from "@connector/http";
import type { CallToolResult } from "@modelcontextprotocol/server";

/** A result in MCP form: structured content (checked by clients against the tool's outputSchema) and the same JSON as text. */
export function successResult(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value as Record<string, unknown> };
}

/**
 * An error as MCP tools report one: `isError` with the service's error body (and the request's
 * id) as text. No structured content, because clients validate structured content against the
 * tool's outputSchema, which describes success.
 */
export function errorResult(error: unknown, requestId?: string): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(toErrorResponse(error, requestId).body) }], isError: true };
}
