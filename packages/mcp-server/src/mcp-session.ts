import { CONNECTOR_CONTRACT_VERSION } from "@connector/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import { answerToolCall, type McpCallContext } from "./tool-call.js";
import { errorResult } from "./tool-results.js";

/** The contract's version, as the OpenAPI description's `info.version` says it too. */
export const SERVER_INFO = { name: "connector", version: CONNECTOR_CONTRACT_VERSION } as const;

/**
 * The SDK's Server builds an Ajv instance (for elicitation results, which this server never
 * requests) unless given one; building it per request was most of the cost of a stateless call.
 */
const sharedValidator = new AjvJsonSchemaValidator();

export interface McpSession {
  server: Server;
  /** A refusal of the whole request (403 scope, 503 outage) met by a call: the route answers it. */
  refusal(): unknown;
}

/**
 * A stateless MCP server for one HTTP request of one connection: a few closures over the
 * precomputed listing and the one tool-call answering function, so building it per request
 * costs little.
 */
export function createMcpSession(listing: Tool[], calls: McpCallContext): McpSession {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    jsonSchemaValidator: sharedValidator,
  });
  let refusal: unknown;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await answerToolCall(calls, request.params.name, request.params.arguments ?? {});
    } catch (error) {
      // Kept, not thrown: the SDK would turn it into a JSON-RPC error inside a 200.
      refusal ??= error;
      return errorResult(error, calls.requestId);
    }
  });
  return { server, refusal: () => refusal };
}
