import { executeTool, isWorkspace, resolveTool, type ToolRuntime, type Workspace } from "@connector/core";
import { LANGUAGES } from "@connector/core/resolve";
import {
  admitConnection,
  admitTool,
  assignRequestId,
  bearerCors,
  type ConnectorGate,
  preferredLanguage,
  proofOfPossession,
  readJsonBody,
  reportUnexpected,
  sendJson,
  setHeaders,
  writeErrorResponse,
} from "@connector/http";
import type { IRouter, Request, RequestHandler, Response } from "express";
import { toolTakesPost } from "./tool-method-not-allowed.js";

export interface ConnectorRestOptions {
  runtime: ToolRuntime;
  gate: ConnectorGate;
}

/** Spec §4.1: connector tools live under `{base_url}/api/connectors/v1`. */
export const CONNECTOR_REST_BASE = "/api/connectors/v1";
const TOOL_PATH = `${CONNECTOR_REST_BASE}/:workspace/tools/:tool`;

/**
 * `POST /{workspace}/tools/{tool}` under the connector base: the connector request's four checks
 * (`@connector/http`'s connector-request.ts: bearer, rate, tool, scope) before a byte of the body
 * is read, then the body (≤ 64 KiB), then core's executeTool. The whole walk from route to tool
 * handler is this function.
 */
function connectorToolHandler({ runtime, gate }: ConnectorRestOptions): RequestHandler {
  return async (req: Request, res: Response) => {
    const requestId = assignRequestId(req, res);
    try {
      const { workspace, tool: toolName } = req.params as { workspace: string; tool: string };
      // No such workspace: no connection can be asked for, so this is the tool lookup's 404.
      if (!isWorkspace(workspace)) resolveTool(runtime.catalogue, workspace, toolName);
      const { connection, headers } = await admitConnection(gate, {
        authorization: req.headers.authorization,
        workspace: workspace as Workspace,
        proof: proofOfPossession(req),
      });
      // Set now, so that an error answered later in the call (an unknown tool, a missing scope, a
      // body refused, a conflict, the database lost) carries the rate-limit state too, as over MCP.
      setHeaders(res, headers);
      const tool = admitTool(connection, runtime.catalogue, workspace, toolName, runtime);
      const args = await readJsonBody(req);
      const language = preferredLanguage(req.headers["accept-language"], LANGUAGES);
      const result = await executeTool(runtime, { tool, arguments: args ?? {}, principal: connection.principal, language });
      sendJson(res, 200, result);
    } catch (error) {
      reportUnexpected(error, runtime.reportError, requestId);
      writeErrorResponse(res, error);
    }
  };
}

/**
 * Adds the connector tool route to `router` (an app or a Router) at its full path, rather than
 * mounting a nested router at the base: each router a request passes through costs time on the
 * busiest route of the service. Other methods on a tool's address are told that tools take POST;
 * OPTIONS is the CORS preflight.
 */
export function addConnectorRestRoutes(router: IRouter, options: ConnectorRestOptions): void {
  // Browser apps on any origin may call the tools with a bearer token (no cookie works here): the
  // preflight is answered, and every answer, errors included, lets the page read it.
  const cors = bearerCors(["POST"]);
  router.options(TOOL_PATH, cors);
  router.post(TOOL_PATH, cors, connectorToolHandler(options));
  router.all(TOOL_PATH, toolTakesPost(options.runtime));
}
