import {
  authorizeConnectorRequest,
  type ConnectorGate,
  executeTool,
  isWorkspace,
  MAX_REQUEST_BYTES,
  reportUnexpected,
  ServiceError,
  sendJson,
  type ToolRuntime,
  unsupportedMediaType,
  writeErrorResponse,
} from "@connector/core";
import express, { type Request, type Response, Router } from "express";
import { errorHandler } from "./send-error.js";

export interface ConnectorRestOptions {
  runtime: ToolRuntime;
  gate: ConnectorGate;
}

/**
 * `POST /{workspace}/tools/{tool}` (mounted at `/api/connectors/v1`): the tool is found, the
 * bearer token and rate limit checked, and only then is the body (≤ 64 KiB) read and passed to
 * core's executeTool, the same path MCP calls take.
 */
export function connectorRestRouter({ runtime, gate }: ConnectorRestOptions): Router {
  const router = Router();
  // strict: the arguments are a JSON object; a bare `null` or number is refused as invalid JSON input.
  const readJson = express.json({ limit: MAX_REQUEST_BYTES, strict: true });
  const readBody = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => {
      readJson(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
    });

  router.post("/:workspace/tools/:tool", async (req: Request, res: Response) => {
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
      res.set(headers);
      if (!req.is("application/json")) throw unsupportedMediaType();
      await readBody(req, res);
      const result = await executeTool(runtime, {
        workspace: tool.workspace,
        toolName,
        arguments: req.body ?? {},
        principal,
      });
      sendJson(res, 200, result);
    } catch (error) {
      reportUnexpected(error, runtime.reportError);
      writeErrorResponse(res, error);
    }
  });
  router.use(errorHandler);
  return router;
}
