import type { Express, Request } from "express";

/** The route that answered a request: its template as declared, and the values its parameters took. */
export interface MatchedRoute {
  /** `/api/connectors/v1/:workspace/tools/:tool`, `/api/v1/drafts/:draftId`: never the address itself. */
  template: string;
  /** A wildcard's value is its segments. */
  params: Readonly<Record<string, string | string[]>>;
}

/** The route that answered a request, read once its response ends (undefined: none did). */
export type RouteOf = (req: Request) => MatchedRoute | undefined;

/** Where a request keeps its route, and what was current when the router set it. */
const ROUTE = Symbol("route");
const MATCHED = Symbol("matched");
type Watched = Request & {
  [ROUTE]?: unknown;
  [MATCHED]?: { baseUrl: string; path: string; params: MatchedRoute["params"] } | undefined;
};

/**
 * The template of a matched route: its pattern as declared. Express matches paths without regard to case,
 * and `req.baseUrl` is the part of the address a mounted router matched, as the client wrote it
 * (`/ApI/v1`): that is replaced by the mount as declared, so a template comes from a fixed set however an
 * address is spelled (issue 37: 1,000 spellings made 1,000 labels). A base that is none of the declared
 * mounts gives no template.
 */
function declaredPattern(baseUrl: string, routePath: string, mounts: ReadonlyMap<string, string>): string | undefined {
  if (baseUrl === "") return routePath;
  const mount = mounts.get(baseUrl.toLowerCase());
  return mount === undefined ? undefined : mount + routePath;
}

/**
 * Watches which route answers each of `app`'s requests, for the metrics' labels and the request's span
 * alike. Express sets `req.route` while the router's base and the route's parameters are current; an
 * error handler runs after the base is reset, so they are noted at that moment, not when the response
 * ends. The note is taken by an accessor on the app's request prototype (`app.request`), once for the
 * app rather than once a request. `mounts` are the paths routers are mounted at (`app.use(path, router)`),
 * as declared.
 */
export function watchRoutes(app: Express, mounts: readonly string[]): RouteOf {
  const declaredMounts = new Map(mounts.map((mount) => [mount.toLowerCase(), mount]));
  Object.defineProperty(app.request, "route", {
    configurable: true,
    get(this: Watched) {
      return this[ROUTE];
    },
    set(this: Watched, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      this[MATCHED] = typeof value?.path === "string" ? { baseUrl: this.baseUrl, path: value.path, params: this.params } : undefined;
    },
  });
  return (req) => {
    const matched = (req as Watched)[MATCHED];
    if (matched === undefined) return undefined;
    const template = declaredPattern(matched.baseUrl, matched.path, declaredMounts);
    return template === undefined ? undefined : { template, params: matched.params };
  };
}
