import type { IncomingMessage, ServerResponse } from "node:http";
import { ASSET_PREFIX, findAsset } from "./assets.js";
import { ASSET_HEADERS } from "./page-headers.js";

type Next = (error?: unknown) => void;

/**
 * Connect-style middleware (express, or any `(req, res, next)` host) serving the hashed assets:
 * GET and HEAD of a known `/assets/…` path; anything else passes on (so an unknown asset ends as the
 * host's 404). Framework-free so the template layer does not depend on a web framework.
 */
export function serveAssets(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    const path = (req.url ?? "").split("?")[0]!;
    if (!path.startsWith(ASSET_PREFIX) || (req.method !== "GET" && req.method !== "HEAD")) {
      next();
      return;
    }
    const asset = findAsset(path);
    if (asset === undefined) {
      next();
      return;
    }
    res.statusCode = 200;
    for (const [name, value] of Object.entries(ASSET_HEADERS)) res.setHeader(name, value);
    res.setHeader("Content-Type", asset.contentType);
    res.setHeader("Content-Length", asset.body.length);
    res.end(req.method === "HEAD" ? undefined : asset.body);
  };
}
