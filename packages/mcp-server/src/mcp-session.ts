import { reportUnexpected } from "@connector/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { errorResult, successResult } from "./tool-results.js";

export const SERVER_INFO = { name: "connector", version: "1.1.0" } as const;

/**
 * The SDK's Server builds an Ajv instance (for elicitation results, which this server never
 * requests) unless given one; building it per request was most of the cost of a stateless call.
 */
const sharedValidator = new AjvJsonSchemaValidator();

/** Runs one tool for this request's connection: core's executeTool. */
export type ToolRunner = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/**
 * A stateless MCP server for one HTTP request of one connection: a few closures over the
 * precomputed listing and the tool runner, so building it per request costs little.
 * Invalid input, not found and idempotency conflicts come back as `isError` results with the
 * same error body as REST.
 */
export function createMcpSession(listing: Tool[], runTool: ToolRunner, reportError?: (error: unknown) => void): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    jsonSchemaValidator: sharedValidator,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return successResult(await runTool(request.params.name, request.params.arguments ?? {}));
    } catch (error) {
      reportUnexpected(error, reportError);
      return errorResult(error);
    }
  });
  return server;
}
