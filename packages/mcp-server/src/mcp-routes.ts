import { isWorkspace, ServiceError, type ToolRuntime, type Workspace, WORKSPACES } from "@connector/core";
import { LANGUAGES } from "@connector/core/resolve";
import { buildWorkspaceCards } from "@connector/mcp-apps";
import {
  admitConnection,
  assignRequestId,
  type ConnectorGate,
  mcpCors,
  preferredLanguage,
  proofOfPossession,
  readJsonBody,
  reportUnexpected,
  sendJson,
  sendJsonText,
  setHeaders,
  writeErrorResponse,
} from "@connector/http";
import type { IRouter, Request, Response } from "express";
import { hasPlainHeaders, readDirectToolCall } from "./direct-tool-call.js";
import { JsonRpcRefusal, refuseBatch } from "./json-rpc-refusal.js";
import { inMcpSpan } from "./mcp-span.js";
import { findNulOutsideToolArguments } from "./nul-outside-tool-arguments.js";
import { assertAllowedOrigin } from "./origin-check.js";
import { createSdkExchange } from "./sdk-exchange.js";
import { answerToolCall, type McpCallContext } from "./tool-call.js";
import { buildToolListings } from "./tool-listing.js";
import { toolCallResponseText } from "./tool-results.js";
import { SERVER_INFO, serverInfo, type WorkspaceServer } from "./tool-server.js";

export interface McpRouteOptions {
  runtime: ToolRuntime;
  gate: ConnectorGate;
  /**
   * Origins browsers may call from (the `MCP_ALLOWED_ORIGINS` setting; the service's own origin at
   * least). A request with another `Origin` is refused 403 `forbidden_origin`, its preflight too.
   */
  allowedOrigins: readonly string[];
}

/** `{base_url}/mcp/desk` and `{base_url}/mcp/resolve`. */
export const MCP_PATH = "/mcp/:workspace";

/** The workspace of an MCP address, after the checks every method gets: a known server and an allowed Origin. */
function endpointWorkspace(req: Request, origins: ReadonlySet<string>): Workspace {
  const { workspace = "" } = req.params as { workspace?: string };
  if (!isWorkspace(workspace)) throw new ServiceError("not_found", "There is no such MCP server.");
  assertAllowedOrigin(req.headers.origin, origins);
  return workspace;
}

/** The service's JSON error (the SDK writes its own JSON-RPC refusals), or the route's own JSON-RPC refusal. */
function writeRefusal(res: Response, error: unknown, report: ToolRuntime["reportError"], requestId: string): void {
  if (error instanceof JsonRpcRefusal) {
    sendJson(res, error.status, error.toJSON());
    return;
  }
  reportUnexpected(error, report, requestId);
  writeErrorResponse(res, error);
}

/** Each workspace's server (its info, tool listing and cards) and the SDK exchange over it, built once at start. */
function buildExchanges(runtime: ToolRuntime): Record<Workspace, ReturnType<typeof createSdkExchange>> {
  const { baseUrl, catalogue } = runtime;
  const app = { baseUrl, appName: `${SERVER_INFO.name}-card`, appVersion: SERVER_INFO.version };
  const cards = { desk: buildWorkspaceCards("desk", app), resolve: buildWorkspaceCards("resolve", app) };
  const listings = buildToolListings(catalogue, baseUrl, cards);
  const server = (workspace: Workspace): WorkspaceServer => ({ info: serverInfo(baseUrl, workspace), listing: listings[workspace], cards: cards[workspace] });
  return Object.fromEntries(WORKSPACES.map((workspace) => [workspace, createSdkExchange(server(workspace))])) as Record<
    Workspace,
    ReturnType<typeof createSdkExchange>
  >;
}

/**
 * Adds the MCP servers to `router` (an app or a Router) at their full path: Streamable HTTP,
 * stateless, JSON responses, over the catalogue built once at start. Each POST is authenticated
 * and rate-limited once (before its body is read, so the 401 challenge comes first), then
 * answered by the MCP SDK v2 in the revision it opens with (sdk-exchange.ts: 2026-07-28, or
 * 2025-11-25 and 2025-06-18 after `initialize`), except one plain `tools/call` of the handshake
 * revisions, answered directly (direct-tool-call.ts). Both reach the same `answerToolCall`
 * (tool-call.ts), which runs each call's tool and scope checks.
 */
export function addMcpRoutes(router: IRouter, { runtime, gate, allowedOrigins }: McpRouteOptions): void {
  const exchanges = buildExchanges(runtime);
  const origins = new Set(allowedOrigins);

  const cors = mcpCors(allowedOrigins);
  // The preflight of an allowed origin is answered with CORS; any other origin is refused first.
  router.options(MCP_PATH, (req, res, next) => {
    assignRequestId(req, res);
    try {
      endpointWorkspace(req, origins);
    } catch (error) {
      writeErrorResponse(res, error);
      return;
    }
    cors(req, res, next);
  });

  router.post(MCP_PATH, cors, async (req: Request, res: Response) => {
    const requestId = assignRequestId(req, res);
    try {
      const workspace = endpointWorkspace(req, origins);
      // Checks 1–2 of connector-request.ts (bearer, rate) once per HTTP request; 3–4 run per tools/call.
      const { connection, headers } = await admitConnection(gate, { authorization: req.headers.authorization, workspace, proof: proofOfPossession(req) });
      setHeaders(res, headers);
      const body = await readJsonBody(req, { findNul: findNulOutsideToolArguments });
      refuseBatch(body);
      // The header of the HTTP request, for every tools/call in it (direct or through the SDK).
      const language = preferredLanguage(req.headers["accept-language"], LANGUAGES);
      const calls: McpCallContext = { runtime, workspace, connection, requestId, language };
      const call = hasPlainHeaders(req.headers) ? readDirectToolCall(body) : undefined;
      const message = { body, headers: req.headers, httpVersion: req.httpVersion };
      if (call === undefined) {
        await inMcpSpan(calls, message, () => exchanges[workspace](req, res, body, calls));
        return;
      }
      const result = await inMcpSpan(calls, message, () => answerToolCall(calls, call.name, call.arguments));
      sendJsonText(res, 200, toolCallResponseText(call.id, result));
    } catch (error) {
      writeRefusal(res, error, runtime.reportError, requestId);
    }
  });

  // Stateless: no server-sent event stream to open and no session to delete. An unauthenticated
  // request still gets the 401 challenge first (spec §4.1), so clients can discover authorization.
  router.all(MCP_PATH, async (req, res) => {
    assignRequestId(req, res);
    try {
      const workspace = endpointWorkspace(req, origins);
      await gate.authenticate(req.headers.authorization, workspace, proofOfPossession(req));
      res.setHeader("Allow", "POST");
      throw new ServiceError("method_not_allowed", "This MCP server is stateless: use POST.");
    } catch (error) {
      writeErrorResponse(res, error);
    }
  });
}
