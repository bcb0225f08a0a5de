import { createHash, timingSafeEqual } from "node:crypto";
import { ServiceError } from "@connector/core";
import { writeErrorResponse } from "@connector/http";
import { Router } from "express";
import type { ServiceMetrics } from "./service-metrics.js";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * `GET /metrics` in Prometheus text format, for a scraper holding the configured bearer token.
 * Compared as digests in constant time, so neither the token nor its length leaks through timing.
 */
export function metricsRoute(metrics: ServiceMetrics, token: string): Router {
  const expected = digest(token);
  const router = Router();
  router.get("/metrics", async (req, res) => {
    const presented = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      writeErrorResponse(res, new ServiceError("authentication_required", "Metrics need the bearer token set in METRICS_TOKEN."));
      return;
    }
    const body = await metrics.registry.metrics();
    res.set("Content-Type", metrics.registry.contentType).set("Cache-Control", "no-store").send(body);
  });
  return router;
}
