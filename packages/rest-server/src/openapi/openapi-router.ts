import type { ToolCatalogue } from "@connector/core";
import { bearerCors } from "@connector/http";
import { Router } from "express";
import { buildOpenApiDocument } from "./build-openapi.js";

/**
 * Stable URLs under `/api/connectors/v1`: `openapi.json` (both workspaces), `desk/openapi.json`
 * and `resolve/openapi.json`. Built once at start.
 */
export function openApiRouter(catalogue: ToolCatalogue, baseUrl: string): Router {
  const documents = {
    "/openapi.json": buildOpenApiDocument(catalogue, { baseUrl }),
    "/desk/openapi.json": buildOpenApiDocument(catalogue, { baseUrl, workspace: "desk" }),
    "/resolve/openapi.json": buildOpenApiDocument(catalogue, { baseUrl, workspace: "resolve" }),
  };
  const router = Router();
  // Public documents: any origin may read them (an API explorer on another site, a generator in a browser).
  const cors = bearerCors(["GET"]);
  for (const [path, document] of Object.entries(documents)) {
    const body = JSON.stringify(document);
    router.options(path, cors);
    router.get(path, cors, (_req, res) => {
      res.type("application/json").send(body);
    });
  }
  return router;
}
