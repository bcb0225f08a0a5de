import {
  authorizeConnectorRequest,
  type ConnectorGate,
  executeTool,
  isWorkspace,
  reportUnexpected,
  readJsonBody,
  type Scope,
  ServiceError,
  sendJson,
  setHeaders,
  type ToolRuntime,
  type Workspace,
  writeErrorResponse,
} from "@connector/core";
import type { IRouter, Request, Response } from "express";
import { answerToolCall, readDirectToolCall } from "./direct-tool-call.js";
import { checkAccept, checkProtocolVersion, JsonRpcHttpError } from "./json-rpc-request.js";
import type { ToolRunner } from "./mcp-session.js";
import { assertAllowedOrigin } from "./origin-check.js";
import { answerWithSdk } from "./sdk-exchange.js";
import { buildToolListings } from "./tool-listing.js";

export interface McpRouteOptions {
  runtime: ToolRuntime;
  gate: ConnectorGate;
  /** Origins browsers may call from; the service's own origin at least. */
  allowedOrigins: readonly string[];
}

/** `{base_url}/mcp/desk` and `{base_url}/mcp/resolve`. */
export const MCP_PATH = "/mcp/:workspace";

/**
 * The scope an MCP request needs before its messages are answered, so that a missing permission
 * is an HTTP 403 challenge exactly as on REST. Other methods (initialize, tools/list) need any
 * scope of the workspace.
 */
function requiredScopeOf(runtime: ToolRuntime, workspace: Workspace, body: unknown): Scope | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  if (message?.method !== "tools/call" || typeof message.params?.name !== "string") return undefined;
  return runtime.catalogue.find(workspace, message.params.name)?.scope;
}

/** The workspace of an MCP address, after the checks every method gets: a known server and an allowed Origin. */
function endpointWorkspace(req: Request, origins: ReadonlySet<string>): Workspace {
  const { workspace = "" } = req.params as { workspace?: string };
  if (!isWorkspace(workspace)) throw new ServiceError("not_found", "There is no such MCP server.");
  assertAllowedOrigin(req.headers.origin, origins);
  return workspace;
}

/**
 * Adds the MCP servers to `router` (an app or a Router) at their full path: Streamable HTTP,
 * stateless, JSON responses, over the catalogue built once at start. Each POST is authenticated
 * (before its body is read), rate-limited, then answered: one well-formed tools/call directly,
 * anything else through the SDK's server (see direct-tool-call.ts).
 */
export function addMcpRoutes(router: IRouter, { runtime, gate, allowedOrigins }: McpRouteOptions): void {
  const listings = buildToolListings(runtime.catalogue);
  const origins = new Set(allowedOrigins);

  router.post(MCP_PATH, async (req: Request, res: Response) => {
    try {
      const workspace = endpointWorkspace(req, origins);
      // The 401 challenge comes before anything about the body, as on REST.
      await gate.authenticate(req.headers.authorization, workspace, undefined);
      const body = await readJsonBody(req);
      const { principal, headers } = await authorizeConnectorRequest(gate, {
        authorization: req.headers.authorization,
        workspace,
        requiredScope: requiredScopeOf(runtime, workspace, body),
      });
      setHeaders(res, headers);
      checkAccept(req.headers);
      const runTool: ToolRunner = (name, args) => executeTool(runtime, { workspace, toolName: name, arguments: args, principal });

      const call = readDirectToolCall(body);
      if (call === undefined) {
        await answerWithSdk(req, res, body, listings[workspace], runTool, runtime.reportError);
        return;
      }
      checkProtocolVersion(req.headers);
      await answerToolCall(res, call, runTool, runtime.reportError);
    } catch (error) {
      if (error instanceof JsonRpcHttpError) {
        sendJson(res, error.status, error.toBody());
        return;
      }
      reportUnexpected(error, runtime.reportError);
      writeErrorResponse(res, error);
    }
  });

  // Stateless: no server-sent event stream to open and no session to delete. An unauthenticated
  // request still gets the 401 challenge first (spec §4.1), so clients can discover authorization.
  router.all(MCP_PATH, async (req, res) => {
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
