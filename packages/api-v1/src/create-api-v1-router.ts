import { ServiceError } from "@connector/core";
import type { BackOfficeActor } from "@connector/core/back-office";
import { assertNoNulCharacter } from "@connector/core/guard";
import { countInFixedWindow } from "@connector/core/limits";
import { readCsvRows } from "@connector/core/placements";
import { type InputPlace, validateInput } from "@connector/core/validation";
import {
  MAX_REQUEST_BYTES,
  rateLimitHeaders,
  readJsonBody,
  refuseContentEncoding,
  reportUnexpected,
  requestIdOf,
  sendJson,
  setHeaders,
  writeErrorResponse,
} from "@connector/http";
import express, { type Request, type Response, Router } from "express";
import type { z } from "zod";
import type { ApiV1Route, ApiV1Services } from "./api-v1-route.js";

/** The check in front of every non-public route (auth's `createApiV1Authenticator`). */
export interface ApiV1Authenticate {
  authenticate(request: Request): Promise<{ actor: BackOfficeActor; csrfToken?: string }>;
}

export interface ApiV1RouterOptions {
  /** Every route; the router serves those of its `mount`, discovery and OpenAPI describe them all. */
  routes: readonly ApiV1Route[];
  /** `api_v1` (default): mounted at `/api/v1`, serves the routes without `root`. `root`: mounted at `/`, serves the others. */
  mount?: "api_v1" | "root";
  services: ApiV1Services;
  authenticator: ApiV1Authenticate;
  reportError?: (error: unknown, requestId?: string) => void;
}

/** Where `/api/v1` is mounted. */
export const API_V1_BASE = "/api/v1";

const csvBody = express.text({ type: "text/csv", limit: MAX_REQUEST_BYTES });

/** A part of a file: its bytes as sent, no encoding overhead, within spec §8's 64 KiB. */
const rawBody = express.raw({ type: () => true, limit: MAX_REQUEST_BYTES });

const mediaTypeOf = (req: Request): string => (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

function isCsv(req: Request): boolean {
  return mediaTypeOf(req) === "text/csv";
}

/**
 * Core's one validation, as tools and pages use it: the same messages, and a property name that looks
 * like personal data refused the same way. Values meet the personal-data guard in the core operation
 * the route calls (it knows which text is caller prose and which a minted token).
 */
function parseWith<T extends z.ZodType>(schema: T | undefined, value: unknown, where: InputPlace): z.output<T> {
  if (schema === undefined) return {} as z.output<T>;
  return validateInput(schema, value, { where, personalData: "names" });
}

/** A route's `limit`, counted per client address (express's `req.ip`: the socket's unless a proxy is trusted). */
async function checkLimit(route: ApiV1Route, services: ApiV1Services, req: Request, res: Response): Promise<void> {
  if (route.limit === undefined) return;
  const now = (services.backOffice.now ?? (() => new Date()))().getTime();
  const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
  const decision = await countInFixedWindow(services.counters, route.limit, address, now);
  setHeaders(res, rateLimitHeaders(route.limit, decision));
  if (!decision.allowed) throw new ServiceError("rate_limited", "Too many requests from this address. Try again after Retry-After seconds.");
}

/**
 * Reads a route's body: JSON (http's reader: 64 KiB, UTF-8, 415 otherwise), where allowed CSV, or a
 * file's part as raw bytes. None is inflated: a `Content-Encoding` is http's one 415 for every kind.
 */
async function readBody(route: ApiV1Route, req: Request, res: Response): Promise<unknown> {
  if (route.body === undefined) return undefined;
  refuseContentEncoding(req);
  if (route.body.raw !== undefined) {
    if (mediaTypeOf(req) !== "application/octet-stream") {
      throw new ServiceError("unsupported_media_type", "Send the part's bytes as Content-Type: application/octet-stream.");
    }
    await new Promise<void>((resolve, reject) => rawBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    return { bytes: Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array() };
  }
  if (route.body.csv !== undefined && isCsv(req)) {
    await new Promise<void>((resolve, reject) => csvBody(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    const { rows, rowNumbers } = readCsvRows(typeof req.body === "string" ? req.body : "");
    assertNoNulCharacter(rows, "rows");
    return { rows, rowNumbers };
  }
  return parseWith(route.body.schema, (await readJsonBody(req)) ?? {}, "body");
}

/**
 * `/api/v1` as an Express router: for each route, authentication (session or desk key; public
 * routes skip it), then query, path and body validated by the route's schemas, then its handler.
 * Every failure is the service's one error body; every answer is `Cache-Control: no-store`
 * because answers carry keys and personal business data.
 */
export function createApiV1Router(options: ApiV1RouterOptions): Router {
  const router = Router();
  const servesRoot = options.mount === "root";
  for (const route of options.routes) {
    if ((route.root === true) !== servesRoot) continue;
    router[route.method](route.path === "" ? "/" : route.path, async (req: Request, res: Response) => {
      res.setHeader("Cache-Control", "no-store");
      try {
        await checkLimit(route, options.services, req, res);
        const auth = route.access === "public" ? undefined : await options.authenticator.authenticate(req);
        if (route.access === "desk" && auth?.actor.kind !== "desk") {
          throw new ServiceError("desk_required", "This is a Desk endpoint; a Resolve consumer cannot use it.");
        }
        const query = parseWith(route.query, req.query, "query");
        const params = parseWith(route.params, req.params, "path");
        const body = await readBody(route, req, res);
        const result = await route.handle({
          actor: auth?.actor as BackOfficeActor,
          csrfToken: auth?.csrfToken,
          query,
          params,
          body,
          services: options.services,
          routes: options.routes,
        });
        const location = route.accepted?.(result as never);
        if (location !== undefined) res.setHeader("Location", location);
        sendJson(res, location === undefined ? (route.status ?? 200) : 202, result);
      } catch (error) {
        reportUnexpected(error, options.reportError, requestIdOf(req));
        writeErrorResponse(res, error);
      }
    });
  }
  return router;
}
