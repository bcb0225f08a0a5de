import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { SERVER_INFO } from "../mcp-session.js";
import { answerToolCall, type McpCallContext } from "../tool-call.js";
import { invalidParams, methodNotFound } from "./modern-error.js";
import { type ModernRequest, readModernRequest } from "./modern-request.js";
import {
  ALL_PROTOCOL_VERSIONS,
  type CacheHints,
  type DiscoverResult,
  META,
  type ModernResult,
} from "./protocol.js";
import type { PostHeaders } from "./standard-headers.js";

/**
 * How long a client may reuse `server/discover` and `tools/list`: the catalogue only changes with a
 * deployment, and five minutes is what the discovery documents already tell caches. `private`:
 * the answers come to an authenticated request, which shared caches must not keep (RFC 9111 §3.5).
 */
const CACHE_HINTS: CacheHints = { ttlMs: 300_000, cacheScope: "private" };

/** Spec §4.1 asks callers to call get_connector_capabilities first; discover says so to the model. */
const INSTRUCTIONS = "Call get_connector_capabilities first: it names the workspace, the granted permissions and the review steps.";

/** Every result: complete (this server never asks the client for input) and signed with the server's identity. */
const complete = (fields: Record<string, unknown>): ModernResult => ({
  ...fields,
  resultType: "complete",
  _meta: { [META.serverInfo]: SERVER_INFO },
});

export type ModernAnswer = { status: 202 } | { status: 200; body: { jsonrpc: "2.0"; id: ModernRequest["id"]; result: ModernResult } };

/**
 * Answers one 2026-07-28 request (stateless: everything it needs is in the request). `tools/call`
 * goes to the same `answerToolCall` as the legacy paths, so a tool answers alike in every
 * revision; only the envelope differs. A refusal of the whole request (missing scope, outage) is
 * thrown by that function and answered by the route as REST answers it. Protocol refusals are
 * thrown as ModernProtocolError.
 */
export async function answerModernRequest(
  body: unknown,
  headers: PostHeaders,
  listing: Tool[],
  calls: McpCallContext,
): Promise<ModernAnswer> {
  const request = readModernRequest(body, headers);
  if ("notification" in request) return { status: 202 };
  const result = await answerMethod(request, listing, calls);
  return { status: 200, body: { jsonrpc: "2.0", id: request.id, result } };
}

async function answerMethod(request: ModernRequest, listing: Tool[], calls: McpCallContext): Promise<ModernResult> {
  switch (request.method) {
    case "server/discover": {
      const discovered: Omit<DiscoverResult, keyof ModernResult> = {
        supportedVersions: [...ALL_PROTOCOL_VERSIONS],
        capabilities: { tools: {} },
        serverInfo: SERVER_INFO,
        instructions: INSTRUCTIONS,
        ...CACHE_HINTS,
      };
      return complete(discovered);
    }
    case "tools/list":
      return complete({ tools: listing, ...CACHE_HINTS });
    case "tools/call": {
      const { name, arguments: args = {} } = request.params;
      if (typeof name !== "string") throw invalidParams("params.name must be a tool name.", request.id);
      if (typeof args !== "object" || args === null || Array.isArray(args)) {
        throw invalidParams("params.arguments must be an object.", request.id);
      }
      return complete({ ...(await answerToolCall(calls, name, args)) });
    }
    default:
      throw methodNotFound(request.method, request.id);
  }
}
