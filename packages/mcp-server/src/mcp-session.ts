import {
  type ConnectorPrincipal,
  executeTool,
  type ToolRuntime,
  toErrorResponse,
  type Workspace,
} from "@connector/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

export const SERVER_INFO = { name: "connector", version: "1.1.0" } as const;

/** Tool outcomes in MCP form: the JSON result as structured content and as text for older clients. */
function toolResult(value: unknown, isError: boolean): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * A stateless MCP server for one HTTP request of one connection: a few closures over the
 * precomputed listing and the shared runtime, so building it per request costs little.
 * Invalid input, not found and idempotency conflicts come back as `isError` results with the
 * same error body as REST.
 */
export function createMcpSession(
  runtime: ToolRuntime,
  listing: Tool[],
  workspace: Workspace,
  principal: ConnectorPrincipal,
): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      const result = await executeTool(runtime, {
        workspace,
        toolName: request.params.name,
        arguments: request.params.arguments ?? {},
        principal,
      });
      return toolResult(result, false);
    } catch (error) {
      return toolResult(toErrorResponse(error).body, true);
    }
  });
  return server;
}
