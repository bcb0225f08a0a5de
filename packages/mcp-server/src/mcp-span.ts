import { isWorkspace, type ToolCatalogue } from "@connector/core";
import { findSensitiveNumber } from "@connector/core/guard";
import { markFailed } from "@connector/core/tracing";
import { type Attributes, context, type Link, propagation, ROOT_CONTEXT, SpanKind, trace } from "@opentelemetry/api";
import type { CallToolResult } from "@modelcontextprotocol/server";

/** What a span needs of the call's context: the catalogue and the workspace, to name only tools that exist. */
interface McpSpanContext {
  runtime: { catalogue: ToolCatalogue };
  workspace: string;
}

const tracer = trace.getTracer("@connector/mcp-server");

/** The methods a span names as they are; anything else a client sends is `_OTHER` (its text is the client's). */
const KNOWN_METHODS = new Set([
  "initialize",
  "notifications/initialized",
  "notifications/cancelled",
  "notifications/progress",
  "ping",
  "server/discover",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "resources/subscribe",
  "resources/unsubscribe",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
]);

/** A JSON-RPC id kept on a span: an integer, or a short word that is no email and no sensitive number. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** An MCP revision is a date (`2025-11-25`). */
const REVISION = /^\d{4}-\d{2}-\d{2}$/;
const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";

type Message = { method?: unknown; id?: unknown; params?: { name?: unknown; _meta?: unknown; protocolVersion?: unknown } };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function requestId(id: unknown): string | undefined {
  if (Number.isSafeInteger(id)) return String(id);
  if (typeof id === "string" && SAFE_ID.test(id) && findSensitiveNumber(id) === undefined) return id;
  return undefined;
}

/**
 * The span of one MCP message, by OpenTelemetry's MCP conventions (server side): named
 * `{mcp.method.name} {gen_ai.tool.name}` for a tool call and `{mcp.method.name}` otherwise, with the
 * JSON-RPC id and the revision. Only what cannot carry a person's data is kept: a method outside the
 * protocol's is `_OTHER`, a tool name only when the catalogue has that tool, an id only when it is an
 * integer or a short word. No session (the servers are stateless), no arguments, no result.
 */
function mcpSpanOf(calls: McpSpanContext, message: Message, headers: Record<string, string | string[] | undefined>, httpVersion: string) {
  const method = typeof message.method === "string" && KNOWN_METHODS.has(message.method) ? message.method : "_OTHER";
  const params = record(message.params);
  const attributes: Attributes = { "mcp.method.name": method, "network.transport": "tcp", "network.protocol.name": "http", "network.protocol.version": httpVersion };
  let name = method;
  if (method === "tools/call" && typeof params?.name === "string" && isWorkspace(calls.workspace)) {
    const tool = calls.runtime.catalogue.find(calls.workspace, params.name);
    attributes["gen_ai.operation.name"] = "execute_tool";
    if (tool !== undefined) {
      attributes["gen_ai.tool.name"] = tool.name;
      name = `${method} ${tool.name}`;
    }
  }
  const id = requestId(message.id);
  if (id !== undefined) attributes["jsonrpc.request.id"] = id;
  const meta = record(params?._meta);
  const header = headers["mcp-protocol-version"];
  const revision = [header, meta?.[PROTOCOL_VERSION_META_KEY], params?.protocolVersion].find(
    (value): value is string => typeof value === "string" && REVISION.test(value),
  );
  if (revision !== undefined) attributes["mcp.protocol.version"] = revision;
  return { name, attributes, meta };
}

/**
 * The context the MCP span starts in: the caller's `params._meta.traceparent` when it sent one (the MCP
 * conventions: the MCP client's span is the parent, the HTTP request's span a link), else the HTTP
 * request's own context.
 */
function parentOf(meta: Record<string, unknown> | undefined): { parent: ReturnType<typeof context.active>; links: Link[] } {
  const active = context.active();
  if (typeof meta?.traceparent !== "string") return { parent: active, links: [] };
  const carrier = { traceparent: meta.traceparent, ...(typeof meta.tracestate === "string" ? { tracestate: meta.tracestate } : {}) };
  const remote = propagation.extract(ROOT_CONTEXT, carrier);
  const remoteSpan = trace.getSpanContext(remote);
  if (remoteSpan === undefined) return { parent: active, links: [] };
  const http = trace.getSpanContext(active);
  return { parent: remote, links: http === undefined ? [] : [{ context: http }] };
}

/**
 * Runs the answer to one MCP message (a single JSON-RPC request or notification: batches are refused
 * first) inside its span, when the HTTP request is traced; otherwise just runs it. A refusal of the
 * whole request (403 scope, 503 outage) marks the span with its code.
 */
export function inMcpSpan<T>(
  calls: McpSpanContext,
  request: { body: unknown; headers: Record<string, string | string[] | undefined>; httpVersion: string },
  work: () => Promise<T>,
): Promise<T> {
  if (trace.getActiveSpan()?.isRecording() !== true) return work();
  const { name, attributes, meta } = mcpSpanOf(calls, (record(request.body) ?? {}) as Message, request.headers, request.httpVersion);
  const { parent, links } = parentOf(meta);
  return tracer.startActiveSpan(name, { kind: SpanKind.SERVER, attributes, links }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A tool result that is an error (`isError`: invalid input, not found, a conflict…) marks the MCP span
 * `tool_error`, as the conventions ask: the JSON-RPC answer itself succeeded. Returns the result.
 */
export function notedToolResult(result: CallToolResult): CallToolResult {
  if (result.isError === true) {
    const span = trace.getActiveSpan();
    if (span?.isRecording() === true) markFailed(span, { code: "tool_error" });
  }
  return result;
}
