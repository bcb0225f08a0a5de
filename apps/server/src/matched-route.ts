import type { Request } from "express";

/** The route that answered a request: its template as declared, and the values its parameters took. */
export interface MatchedRoute {
  /** `/api/connectors/v1/:workspace/tools/:tool`, `/api/v1/drafts/:draftId`: never the address itself. */
  template: string;
  /** A wildcard's value is its segments. */
  params: Readonly<Record<string, string | string[]>>;
}

/** Reads, once a response ends, the route that answered its request (undefined: none did). */
export type RouteOf = (req: Request) => () => MatchedRoute | undefined;

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
 * Watches which route answers each request, for the metrics' labels and the request's span alike (one
 * watch a request, however many read it). Express sets `req.route` while the router's base and the
 * route's parameters are current; an error handler runs after the base is reset, so the route is taken
 * at that moment, not when the response ends. `mounts` are the paths routers are mounted at
 * (`app.use(path, router)`), as declared.
 */
export function routeWatcher(mounts: readonly string[]): RouteOf {
  const declaredMounts = new Map(mounts.map((mount) => [mount.toLowerCase(), mount]));
  const watched = new WeakMap<Request, () => MatchedRoute | undefined>();
  return (req) => {
    const known = watched.get(req);
    if (known !== undefined) return known;
    let route: MatchedRoute | undefined;
    let matched: unknown;
    Object.defineProperty(req, "route", {
      configurable: true,
      enumerable: true,
      get: () => matched,
      set(value: { path?: unknown } | undefined) {
        matched = value;
        if (typeof value?.path !== "string") return;
        const template = declaredPattern(req.baseUrl, value.path, declaredMounts);
        route = template === undefined ? undefined : { template, params: { ...req.params } };
      },
    });
    const read = () => route;
    watched.set(req, read);
    return read;
  };
}
