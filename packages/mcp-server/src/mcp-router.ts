import {
  authorizeConnectorRequest,
  type ConnectorGate,
  executeTool,
  isServiceError,
  isWorkspace,
  MAX_REQUEST_BYTES,
  reportUnexpected,
  type Scope,
  ServiceError,
  type ToolRuntime,
  unsupportedMediaType,
  type Workspace,
  writeErrorResponse,
} from "@connector/core";
import express, { type Request, type Response, Router } from "express";
import { JsonExchangeTransport } from "./json-exchange-transport.js";
import { JsonRpcHttpError, readJsonRpcPost } from "./json-rpc-request.js";
import { createMcpSession, type ToolRunner } from "./mcp-session.js";
import { assertAllowedOrigin } from "./origin-check.js";
import { buildToolListings } from "./tool-listing.js";

export interface McpRouterOptions {
  runtime: ToolRuntime;
  gate: ConnectorGate;
  /** Origins browsers may call from; the service's own origin at least. */
  allowedOrigins: readonly string[];
}

/**
 * The scope an MCP request needs before it reaches the SDK, so that a missing permission is an
 * HTTP 403 challenge exactly as on REST. Other methods (initialize, tools/list) need any scope
 * of the workspace.
 */
function requiredScopeOf(runtime: ToolRuntime, workspace: Workspace, body: unknown): Scope | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  if (message?.method !== "tools/call" || typeof message.params?.name !== "string") return undefined;
  return runtime.catalogue.find(workspace, message.params.name)?.scope;
}

/**
 * A single `tools/call` is run before the SDK answers, so that losing the database is an HTTP 503
 * with Retry-After as on REST, not a tool result inside a 200. Every other outcome is handed to
 * the SDK session as the result of that call.
 */
async function settleSingleToolCall(body: unknown, run: ToolRunner): Promise<ToolRunner> {
  const message = body as { method?: unknown; params?: { name?: unknown; arguments?: unknown } } | null;
  if (message?.method !== "tools/call" || typeof message.params?.name !== "string") return run;
  const args = (message.params.arguments ?? {}) as Record<string, unknown>;
  const outcome = await run(message.params.name, args).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (!outcome.ok && isServiceError(outcome.error) && outcome.error.status === 503) throw outcome.error;
  return async () => {
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
}

/**
 * `{base_url}/mcp/desk` and `/mcp/resolve`: Streamable HTTP, stateless, JSON responses.
 * Each POST is authenticated, rate-limited, then answered by a fresh transport (an SDK
 * transport cannot be reused across requests) over the catalogue built once at start.
 */
export function mcpRouter({ runtime, gate, allowedOrigins }: McpRouterOptions): Router {
  const listings = buildToolListings(runtime.catalogue);
  const origins = new Set(allowedOrigins);
  const router = Router();
  const readJson = express.json({ limit: MAX_REQUEST_BYTES });

  router.use("/:workspace", (req, _res, next) => {
    try {
      if (!isWorkspace(req.params.workspace ?? "")) throw new ServiceError("not_found", "There is no such MCP server.");
      assertAllowedOrigin(req.headers.origin, origins);
      next();
    } catch (error) {
      next(error);
    }
  });

  const requireJson = (req: Request, _res: Response, next: express.NextFunction) => {
    next(req.is("application/json") ? undefined : unsupportedMediaType());
  };

  // The 401 challenge comes before anything about the body, as on REST.
  const requireConnection = (req: Request, _res: Response, next: express.NextFunction) => {
    gate.authenticate(req.headers.authorization, req.params.workspace as Workspace, undefined).then(() => next(), next);
  };

  router.post("/:workspace", requireConnection, requireJson, readJson, async (req: Request, res: Response) => {
    try {
      const workspace = req.params.workspace as Workspace;
      const { principal, headers } = await authorizeConnectorRequest(gate, {
        authorization: req.headers.authorization,
        workspace,
        requiredScope: requiredScopeOf(runtime, workspace, req.body),
      });
      res.set(headers);
      const messages = readJsonRpcPost(req.headers, req.body);
      const runTool = await settleSingleToolCall(req.body, (name, args) =>
        executeTool(runtime, { workspace, toolName: name, arguments: args, principal }),
      );
      const server = createMcpSession(listings[workspace], runTool, runtime.reportError);
      const transport = new JsonExchangeTransport();
      await server.connect(transport);
      try {
        transport.deliver(messages, { requestInfo: { headers: req.headers as Record<string, string> } });
        const answers = await transport.answered;
        // Only notifications or responses: accepted, nothing to say (Streamable HTTP: 202).
        if (answers.length === 0) res.status(202).end();
        else res.status(200).json(Array.isArray(req.body) ? answers : answers[0]);
      } finally {
        await server.close();
      }
    } catch (error) {
      if (error instanceof JsonRpcHttpError) {
        res.status(error.status).json(error.toBody());
        return;
      }
      reportUnexpected(error, runtime.reportError);
      writeErrorResponse(res, error);
    }
  });

  // Stateless: no server-sent event stream to open and no session to delete. An unauthenticated
  // request still gets the 401 challenge first (spec §4.1), so clients can discover authorization.
  router.all("/:workspace", async (req, res) => {
    try {
      await gate.authenticate(req.headers.authorization, req.params.workspace as Workspace, undefined);
      res.set("Allow", "POST");
      throw new ServiceError("method_not_allowed", "This MCP server is stateless: use POST.");
    } catch (error) {
      writeErrorResponse(res, error);
    }
  });
  router.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => writeErrorResponse(res, error));
  return router;
}
