import {
  authorizeConnectorRequest,
  type ConnectorGate,
  executeTool,
  isWorkspace,
  reportUnexpected,
  readJsonBody,
  ServiceError,
  sendJson,
  setHeaders,
  type ToolRuntime,
  writeErrorResponse,
} from "@connector/core";
import type { IRouter, Request, RequestHandler, Response } from "express";

export interface ConnectorRestOptions {
  runtime: ToolRuntime;
  gate: ConnectorGate;
}

/** Spec §4.1: connector tools live under `{base_url}/api/connectors/v1`. */
export const CONNECTOR_REST_BASE = "/api/connectors/v1";

/**
 * `POST /{workspace}/tools/{tool}` under the connector base: the tool is found, the bearer token
 * and rate limit checked, and only then is the body (≤ 64 KiB) read and passed to core's
 * executeTool, the same path MCP calls take.
 */
function connectorToolHandler({ runtime, gate }: ConnectorRestOptions): RequestHandler {
  return async (req: Request, res: Response) => {
    try {
      const { workspace, tool: toolName } = req.params as { workspace: string; tool: string };
      const tool = isWorkspace(workspace) ? runtime.catalogue.find(workspace, toolName) : undefined;
      if (tool === undefined) {
        throw new ServiceError("unknown_tool", `There is no connector tool at ${workspace}/tools/${toolName}.`);
      }
      const { principal, headers } = await authorizeConnectorRequest(gate, {
        authorization: req.headers.authorization,
        workspace: tool.workspace,
        requiredScope: tool.scope,
      });
      // Set now, so that an error answered later in the call carries the rate-limit state too.
      setHeaders(res, headers);
      const args = await readJsonBody(req);
      const result = await executeTool(runtime, { workspace: tool.workspace, toolName, arguments: args ?? {}, principal });
      sendJson(res, 200, result);
    } catch (error) {
      reportUnexpected(error, runtime.reportError);
      writeErrorResponse(res, error);
    }
  };
}

/**
 * Adds the connector tool route to `router` (an app or a Router) at its full path, rather than
 * mounting a nested router at the base: each router a request passes through costs time on the
 * busiest route of the service.
 */
export function addConnectorRestRoutes(router: IRouter, options: ConnectorRestOptions): void {
  router.post(`${CONNECTOR_REST_BASE}/:workspace/tools/:tool`, connectorToolHandler(options));
}
