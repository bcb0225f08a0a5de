import type { RequestHandler } from "express";
import type { ServiceMetrics } from "./service-metrics.js";

/** The label of a response no route answered: static assets, 404s, refusals before routing. */
export const UNROUTED = "(none)";

/**
 * The label of a matched route: its pattern as declared. Express matches paths without regard to case,
 * and `req.baseUrl` is the part of the address a mounted router matched, as the client wrote it
 * (`/ApI/v1`): that is replaced by the mount as declared, so a label comes from a fixed set however an
 * address is spelled (issue 37: 1,000 spellings made 1,000 labels). A base that is none of the declared
 * mounts is not labelled by it.
 */
function declaredPattern(baseUrl: string, routePath: string, mounts: ReadonlyMap<string, string>): string {
  if (baseUrl === "") return routePath;
  const mount = mounts.get(baseUrl.toLowerCase());
  return mount === undefined ? UNROUTED : mount + routePath;
}

/**
 * Times every request and counts it by the route template that answered it (`/drafts/:draftId`,
 * never the address itself, which can carry an id or an invite token). Express sets `req.route`
 * while the router's base is current; an error handler runs after the base is reset, so the
 * template is taken at that moment, not when the response ends. `mounts` are the paths routers are
 * mounted at (`app.use(path, router)`), as declared.
 */
export function httpMetrics(metrics: ServiceMetrics, mounts: readonly string[]): RequestHandler {
  const declaredMounts = new Map(mounts.map((mount) => [mount.toLowerCase(), mount]));
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
        if (typeof value?.path === "string") route = declaredPattern(req.baseUrl, value.path, declaredMounts);
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
