import { isWorkspace } from "@connector/core";
import cors from "cors";
import { Router } from "express";
import type { AuthContext } from "../../context.js";
import { authorizationServerMetadata } from "../../discovery/authorization-server-metadata.js";
import { ENDPOINT_PATHS } from "../../discovery/endpoints.js";
import { protectedResourceMetadata } from "../../discovery/protected-resource-metadata.js";

/** Metadata is public and the same for everyone: browsers may read it cross-origin, caches may keep it briefly. */
const METADATA_CACHE = "public, max-age=300";

/** RFC 8414 §3 and RFC 9728 §3 discovery documents, with CORS for browser-based clients. */
export function discoveryRoutes(context: AuthContext): Router {
  const router = Router();
  const metadata = authorizationServerMetadata(context.baseUrl);
  router.use(ENDPOINT_PATHS.authorizationServerMetadata, cors({ methods: ["GET"] }));
  router.get(ENDPOINT_PATHS.authorizationServerMetadata, (_req, res) => {
    res.set("Cache-Control", METADATA_CACHE).json(metadata);
  });
  const resourcePath = `${ENDPOINT_PATHS.protectedResourceMetadataPrefix}/mcp/:workspace`;
  router.use(resourcePath, cors({ methods: ["GET"] }));
  router.get(resourcePath, (req, res) => {
    const workspace = String(req.params.workspace ?? "");
    if (!isWorkspace(workspace)) {
      res.status(404).json({ error: "not_found", error_description: "No protected resource at this path." });
      return;
    }
    res.set("Cache-Control", METADATA_CACHE).json(protectedResourceMetadata(context.baseUrl, workspace));
  });
  return router;
}
