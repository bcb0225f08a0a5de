import type { RequestHandler } from "express";
import type { RouteOf } from "../matched-route.js";
import type { ServiceMetrics } from "./service-metrics.js";

/** The label of a response no route answered: static assets, 404s, refusals before routing. */
export const UNROUTED = "(none)";

/**
 * Times every request and counts it by the route template that answered it (`/drafts/:draftId`,
 * never the address itself, which can carry an id or an invite token; matched-route.ts).
 */
export function httpMetrics(metrics: ServiceMetrics, routeOf: RouteOf): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = String(res.statusCode);
      const route = routeOf(req)?.template ?? UNROUTED;
      metrics.httpDuration.observe({ method: req.method, route, status }, seconds);
      if (res.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
    });
    next();
  };
}
