import type { RequestHandler } from "express";
import type { ServiceMetrics } from "./service-metrics.js";

/** The label of a response no route answered: static assets, 404s, refusals before routing. */
export const UNROUTED = "(none)";

/**
 * Times every request and counts it by the route template that answered it (`/drafts/:draftId`,
 * never the address itself, which can carry an id or an invite token). Express sets `req.route`
 * while the router's base is current; an error handler runs after the base is reset, so the
 * template is taken at that moment, not when the response ends.
 */
export function httpMetrics(metrics: ServiceMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let route = UNROUTED;
    let matched: unknown;
    Object.defineProperty(req, "route", {
      configurable: true,
      enumerable: true,
      get: () => matched,
      set(value: { path?: unknown } | undefined) {
        matched = value;
        if (typeof value?.path === "string") route = req.baseUrl + value.path;
      },
    });
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = String(res.statusCode);
      metrics.httpDuration.observe({ method: req.method, route, status }, seconds);
      if (res.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
    });
    next();
  };
}
