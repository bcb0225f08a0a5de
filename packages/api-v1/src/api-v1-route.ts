import type { ErrorCode } from "@connector/core";
import type { BackOfficeActor, BackOfficeDeps } from "@connector/core/back-office";
import type { FixedWindowLimit } from "@connector/core/limits";
import type { DeskKeyOperations, DoorServices, FixedWindowCounterStore } from "@connector/core/ports";
import type { z } from "zod";

/** Who may call a route: anyone, anyone signed in or holding a key, or only a Desk (session or key). */
export type RouteAccess = "public" | "signed_in" | "desk";

/** What the routes call: core's back-office operations and auth's desk-key operations, wired by the host. */
export interface ApiV1Services {
  backOffice: BackOfficeDeps;
  deskKeys: DeskKeyOperations;
  baseUrl: string;
  /** The third-party routing and language-model services behind the routing doors. */
  doors: DoorServices;
  /** The shared fixed-window counters, for routes with a `limit`. */
  counters: FixedWindowCounterStore;
}

export interface RouteRequest<Query, Params, Body> {
  /** Set on every route but `public` ones. */
  actor: BackOfficeActor;
  /** For a signed-in session: the token its writes send as `X-CSRF-Token`. */
  csrfToken: string | undefined;
  query: Query;
  params: Params;
  body: Body;
  services: ApiV1Services;
  /** Every route the router serves, for discovery and the OpenAPI document. */
  routes: readonly ApiV1Route[];
}

/**
 * One `/api/v1` endpoint, described once: the router serves it and the OpenAPI document is generated
 * from the same schemas. Part 2 adds endpoints as more of these, in files of their own.
 */
export interface ApiV1Route<
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> {
  method: "get" | "post" | "put" | "delete";
  /** Express path under `/api/v1`, `""` for the root; `:name` parameters. */
  path: string;
  /**
   * Served at `path` from the host root instead of under `/api/v1` (the routing doors of spec
   * §4.3: `/api/agents/route`, `/api/reception`), yet described in the same document.
   */
  root?: true;
  /** Counted per client address before anything else; over it, `429 rate_limited` with `Retry-After`. */
  limit?: FixedWindowLimit;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  access: RouteAccess;
  query?: Query;
  params?: Params;
  /** A JSON body; `csv` also accepts `text/csv` with a header row, parsed into `{ rows }` by csv-parse. */
  body?: {
    schema: Body;
    csv?: { description: string };
    /**
     * The body is raw bytes (`application/octet-stream`, at most 64 KiB: one part of a file sent in
     * parts), handed to the handler as `{ bytes }`; `schema` is then not read.
     */
    raw?: { description: string };
    /**
     * What the OpenAPI document shows when the router's schema is looser on purpose (placement rows
     * are read one by one by core, so every bad row is reported together; a body its core operation
     * validates, `checkedByOperation`): the real request shape.
     */
    documented?: z.ZodType;
  };
  response: z.ZodType;
  status?: 200 | 201;
  /**
   * Work that goes on after the answer (a file placed as a job, issue 47): when this gives the address
   * of the result's status resource for `result`, the answer is `202 Accepted` with that `Location`.
   */
  accepted?: (result: never) => string | undefined;
  /** Error codes this endpoint answers besides the common ones (documented in OpenAPI). */
  errors: readonly ErrorCode[];
  handle(request: RouteRequest<z.output<Query>, z.output<Params>, z.output<Body>>): Promise<unknown>;
}

/** Keeps each route's types while collecting them into one list. */
export function defineRoute<Query extends z.ZodType, Params extends z.ZodType, Body extends z.ZodType>(
  route: ApiV1Route<Query, Params, Body>,
): ApiV1Route {
  return route as unknown as ApiV1Route;
}
