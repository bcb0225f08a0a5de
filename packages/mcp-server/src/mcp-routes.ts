import { isWorkspace, ServiceError, type ToolRuntime, type Workspace } from "@connector/core";
import {
  assignRequestId,
  authorizeConnectorRequest,
  type ConnectorGate,
  mcpCors,
  readJsonBody,
  reportUnexpected,
  sendJson,
  setHeaders,
  writeErrorResponse,
} from "@connector/http";
import type { IRouter, Request, Response } from "express";
import { hasPlainHeaders, readDirectToolCall } from "./direct-tool-call.js";
import { ModernProtocolError } from "./modern/modern-error.js";
import { answerModernRequest } from "./modern/modern-exchange.js";
import { isModernRequest } from "./modern/request-era.js";
import { findNulOutsideToolArguments } from "./nul-outside-tool-arguments.js";
import { assertAllowedOrigin } from "./origin-check.js";
import { answerWithSdk } from "./sdk-exchange.js";
import { answerToolCall, type McpCallContext } from "./tool-call.js";
import { buildToolListings } from "./tool-listing.js";

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

/**
 * The service's JSON error (the SDK's transport writes its own JSON-RPC refusals), or a 2026-07-28
 * protocol refusal as the JSON-RPC error and status that revision defines.
 */
function writeRefusal(res: Response, error: unknown, report: ToolRuntime["reportError"], requestId: string): void {
  if (error instanceof ModernProtocolError) {
    sendJson(res, error.status, error.toJSON());
    return;
  }
  reportUnexpected(error, report, requestId);
  writeErrorResponse(res, error);
}

/**
 * Adds the MCP servers to `router` (an app or a Router) at their full path: Streamable HTTP,
 * stateless, JSON responses, over the catalogue built once at start. Each POST is authenticated
 * and rate-limited once (before its body is read, so the 401 challenge comes first), then
 * answered in the era it opens with (modern/request-era.ts): a 2026-07-28 request by this
 * package's own adapter (modern/), which the SDK 1.x cannot parse; a legacy one as before, one
 * plain tools/call directly and anything else through the SDK's transport and server (which make
 * every check of the transport in their own words). All three reach the same `answerToolCall`
 * (see tool-call.ts), which checks each call's scope.
 */
export function addMcpRoutes(router: IRouter, { runtime, gate, allowedOrigins }: McpRouteOptions): void {
  const listings = buildToolListings(runtime.catalogue);
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
      const { connection, headers } = await authorizeConnectorRequest(gate, {
        authorization: req.headers.authorization,
        workspace,
        requiredScope: undefined,
      });
      setHeaders(res, headers);
      const body = await readJsonBody(req, { findNul: findNulOutsideToolArguments });
      const calls: McpCallContext = {
        runtime,
        workspace,
        principal: connection.principal,
        requireScope: connection.requireScope,
        requestId,
      };

      const headerVersion = req.headers["mcp-protocol-version"];
      if (isModernRequest(body, typeof headerVersion === "string" ? headerVersion : undefined)) {
        const answer = await answerModernRequest(body, req.headers, listings[workspace], calls);
        if (answer.status === 202) res.status(202).end();
        else sendJson(res, 200, answer.body);
        return;
      }
      const call = hasPlainHeaders(req.headers) ? readDirectToolCall(body) : undefined;
      if (call === undefined) {
        await answerWithSdk(req, res, body, listings[workspace], calls);
        return;
      }
      const result = await answerToolCall(calls, call.name, call.arguments);
      sendJson(res, 200, { jsonrpc: "2.0", id: call.id, result });
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
      await gate.authenticate(req.headers.authorization, workspace, undefined);
      res.setHeader("Allow", "POST");
      throw new ServiceError("method_not_allowed", "This MCP server is stateless: use POST.");
    } catch (error) {
      writeErrorResponse(res, error);
    }
  });
}
