import { resolveTool, ServiceError, type ToolRuntime } from "@connector/core";
import { assignRequestId, writeErrorResponse } from "@connector/http";
import type { RequestHandler } from "express";

/**
 * A tool's address answered with another method than POST (RFC 9110 §15.5.6): 405 with
 * `Allow: POST`, so a person trying a tool URL in a browser learns how to call it. An address
 * that names no tool stays 404 `unknown_tool`.
 */
export function toolTakesPost(runtime: ToolRuntime): RequestHandler {
  return (req, res) => {
    assignRequestId(req, res);
    try {
      const { workspace, tool: toolName } = req.params as { workspace: string; tool: string };
      const tool = resolveTool(runtime.catalogue, workspace, toolName);
      res.setHeader("Allow", "POST");
      throw new ServiceError("method_not_allowed", `Tools take POST: send POST with a JSON object of arguments to call ${tool.name}.`);
    } catch (error) {
      writeErrorResponse(res, error);
    }
  };
}
