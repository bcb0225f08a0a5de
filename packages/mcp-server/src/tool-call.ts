import { executeTool, resolveTool, type ToolRuntime } from "@connector/core";
import type { Language } from "@connector/core/resolve";
import { asServiceError, type BearerConnection, reportUnexpected, requireToolScope } from "@connector/http";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { notedToolResult } from "./mcp-span.js";
import { errorResult, successResult } from "./tool-results.js";

/** What every tools/call of one MCP request shares: the runtime and the connection the gate let in. */
export interface McpCallContext {
  runtime: ToolRuntime;
  workspace: string;
  /** The connection checks 1–2 admitted (bearer, rate). */
  connection: BearerConnection;
  requestId: string;
  /** The language the HTTP request's `Accept-Language` prefers, for tools that answer in words (the Resolve guide). */
  language?: Language;
}

/**
 * Answers a `tools/call`: the one function behind both the direct path (a single call) and the
 * SDK server's handler (batches and everything else), so every result is decided once.
 * Invalid input, unknown tools, records not found, conflicts and personal data are `isError`
 * results with the REST error body. Two failures are not tool results but refusals of the whole
 * HTTP request, thrown for the route to answer as REST does, alone or inside a batch: a missing
 * scope (403 with its challenge, which sends the client to authorization) and losing the
 * database (503 with Retry-After, which tells it to retry).
 */
export async function answerToolCall(context: McpCallContext, name: string, args: unknown): Promise<CallToolResult> {
  const { runtime } = context;
  let tool: ReturnType<typeof resolveTool>;
  try {
    tool = resolveTool(runtime.catalogue, context.workspace, name);
  } catch (error) {
    return notedToolResult(errorResult(error, context.requestId));
  }
  // Check 4 throws rather than answering a tool result: 403 with its challenge, for the whole request.
  requireToolScope(context.connection, tool, runtime);
  try {
    return successResult(await executeTool(runtime, { tool, arguments: args, principal: context.connection.principal, language: context.language }));
  } catch (error) {
    if (isOutage(error)) throw error;
    reportUnexpected(error, runtime.reportError, context.requestId);
    return notedToolResult(errorResult(error, context.requestId));
  }
}

/** The database is away: answered 503 for the whole request (docs/decisions.md, "Outages on MCP"). */
const isOutage = (error: unknown) => asServiceError(error).status === 503;
