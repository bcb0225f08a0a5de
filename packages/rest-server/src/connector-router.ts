import { executeTool, resolveTool, type ToolRuntime } from "@connector/core";
import {
  assignRequestId,
  authorizeConnectorRequest,
  type ConnectorGate,
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
 * `POST /{workspace}/tools/{tool}` under the connector base: the tool is resolved once, the
 * bearer token (with the tool's scope) and rate limit checked once, and only then is the body
 * (≤ 64 KiB) read and passed with the resolved tool to core's executeTool, as MCP calls are.
 */
function connectorToolHandler({ runtime, gate }: ConnectorRestOptions): RequestHandler {
  return async (req: Request, res: Response) => {
    const requestId = assignRequestId(req, res);
    try {
      const { workspace, tool: toolName } = req.params as { workspace: string; tool: string };
      const tool = resolveTool(runtime.catalogue, workspace, toolName);
      const { connection, headers } = await authorizeConnectorRequest(gate, {
        authorization: req.headers.authorization,
        workspace: tool.workspace,
        requiredScope: tool.scope,
      });
      // Set now, so that an error answered later in the call carries the rate-limit state too.
      setHeaders(res, headers);
      const args = await readJsonBody(req);
      const result = await executeTool(runtime, { tool, arguments: args ?? {}, principal: connection.principal });
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
 * busiest route of the service. Other methods on a tool's address are told that tools take POST.
 */
export function addConnectorRestRoutes(router: IRouter, options: ConnectorRestOptions): void {
  router.post(TOOL_PATH, connectorToolHandler(options));
  router.all(TOOL_PATH, toolTakesPost(options.runtime));
}
