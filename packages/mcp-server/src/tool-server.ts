import { CONNECTOR_CONTRACT_VERSION, type Workspace } from "@connector/core";
import { echoedInput } from "@connector/core/errors";
import { type McpIcon, serverIcons, type WorkspaceCards } from "@connector/mcp-apps";
import { ResourceNotFoundError, Server } from "@modelcontextprotocol/server";
import { answerToolCall, type McpCallContext } from "./tool-call.js";
import type { ToolListing } from "./tool-listing.js";
import { errorResult } from "./tool-results.js";

/** The contract's version, as the OpenAPI description's `info.version` says it too. */
export const SERVER_INFO = { name: "connector", version: CONNECTOR_CONTRACT_VERSION } as const;

/** A workspace's `serverInfo`: the contract's name and version, a title, and its icon (MCP 2025-11-25), served by the service. */
export function serverInfo(baseUrl: string, workspace: Workspace): typeof SERVER_INFO & { title: string; icons: McpIcon[] } {
  return { ...SERVER_INFO, title: workspace === "desk" ? "Connector: Desk" : "Connector: Resolve", icons: serverIcons(baseUrl, workspace) };
}

/** Spec §4.1 asks callers to call get_connector_capabilities first; `initialize` and `server/discover` say so to the model. */
const INSTRUCTIONS = "Call get_connector_capabilities first: it names the workspace, the granted permissions and the review steps.";

/**
 * How long a 2026-07-28 client may reuse `server/discover`, `tools/list` and the cards: the catalogue
 * only changes with a deployment, and five minutes is what the discovery documents already tell
 * caches. `private`: the answers come to an authenticated request (and `tools/list` depends on the
 * connection's scopes), which shared caches must not keep (RFC 9111 §3.5).
 */
const CACHE_HINT = { ttlMs: 300_000, cacheScope: "private" } as const;

/** Where a refusal of the whole request (403 scope, 503 outage) met by a call goes, for the route to answer it. */
export type KeepRefusal = (error: unknown) => void;

/** What one workspace's server answers from, built once at start. */
export interface WorkspaceServer {
  info: ReturnType<typeof serverInfo>;
  listing: ToolListing;
  cards: WorkspaceCards;
}

/**
 * The SDK's server for one HTTP request of one connection, in either era: `tools/list` answers the
 * tools the connection's scopes let it call (from the listing computed at start), `tools/call` the
 * one answering function REST's calls share too, and `resources/list` and `resources/read` the MCP
 * Apps cards (the same for every connection of the workspace: templates without data). The SDK
 * answers everything else (initialize, server/discover, ping, unknown methods) and checks each
 * revision's envelope and headers. The low-level `Server`, not `McpServer`: the tools carry the
 * catalogue's own JSON Schemas, validated by core, and an unknown tool is an `isError` result.
 */
export function createToolServer(workspace: WorkspaceServer, calls: McpCallContext, keepRefusal: KeepRefusal): Server {
  const server = new Server(workspace.info, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: INSTRUCTIONS,
    cacheHints: { "tools/list": CACHE_HINT, "server/discover": CACHE_HINT, "resources/list": CACHE_HINT, "resources/read": CACHE_HINT },
  });
  server.setRequestHandler("tools/list", async () => ({ tools: workspace.listing.forScopes(calls.connection.scopes) }));
  server.setRequestHandler("tools/call", async (request) => {
    try {
      return await answerToolCall(calls, request.params.name, request.params.arguments ?? {});
    } catch (error) {
      // Kept, not thrown: the SDK would turn it into a JSON-RPC error inside a 200.
      keepRefusal(error);
      return errorResult(error, calls.requestId);
    }
  });
  server.setRequestHandler("resources/list", async () => ({ resources: workspace.cards.resources }));
  server.setRequestHandler("resources/read", async (request) => {
    const contents = workspace.cards.read(request.params.uri);
    if (contents === undefined) {
      // The address sent is repeated only as core's short escaped excerpt, in the message and the data alike.
      const uri = echoedInput(request.params.uri);
      throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
    }
    return { contents: [contents] };
  });
  return server;
}
