import { CONNECTOR_CONTRACT_VERSION } from "@connector/core";
import { Server, type Tool } from "@modelcontextprotocol/server";
import { answerToolCall, type McpCallContext } from "./tool-call.js";
import { errorResult } from "./tool-results.js";

/** The contract's version, as the OpenAPI description's `info.version` says it too. */
export const SERVER_INFO = { name: "connector", version: CONNECTOR_CONTRACT_VERSION } as const;

/** Spec §4.1 asks callers to call get_connector_capabilities first; `initialize` and `server/discover` say so to the model. */
const INSTRUCTIONS = "Call get_connector_capabilities first: it names the workspace, the granted permissions and the review steps.";

/**
 * How long a 2026-07-28 client may reuse `server/discover` and `tools/list`: the catalogue only changes
 * with a deployment, and five minutes is what the discovery documents already tell caches. `private`:
 * the answers come to an authenticated request, which shared caches must not keep (RFC 9111 §3.5).
 */
const CACHE_HINT = { ttlMs: 300_000, cacheScope: "private" } as const;

/** Where a refusal of the whole request (403 scope, 503 outage) met by a call goes, for the route to answer it. */
export type KeepRefusal = (error: unknown) => void;

/**
 * The SDK's server for one HTTP request of one connection, in either era: `tools/list` answers the
 * listing computed at start, `tools/call` the one answering function REST's calls share too. The
 * SDK answers everything else (initialize, server/discover, ping, unknown methods) and checks each
 * revision's envelope and headers. The low-level `Server`, not `McpServer`: the tools carry the
 * catalogue's own JSON Schemas, validated by core, and an unknown tool is an `isError` result.
 */
export function createToolServer(listing: Tool[], calls: McpCallContext, keepRefusal: KeepRefusal): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    cacheHints: { "tools/list": CACHE_HINT, "server/discover": CACHE_HINT },
  });
  server.setRequestHandler("tools/list", async () => ({ tools: listing }));
  server.setRequestHandler("tools/call", async (request) => {
    try {
      return await answerToolCall(calls, request.params.name, request.params.arguments ?? {});
    } catch (error) {
      // Kept, not thrown: the SDK would turn it into a JSON-RPC error inside a 200.
      keepRefusal(error);
      return errorResult(error, calls.requestId);
    }
  });
  return server;
}
