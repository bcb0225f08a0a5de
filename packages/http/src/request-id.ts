import { randomUUID } from "node:crypto";

/** The header that names a request, both ways (as openai-node and stripe-node read it). */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * A client's id is echoed only when it is short and made of characters that are safe in a header
 * and a log line; anything else is replaced, so a caller cannot inject text into either.
 */
const WELL_FORMED = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const ids = new WeakMap<object, string>();

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}
interface ResponseLike {
  setHeader(name: string, value: string): unknown;
}

/** The request's id: the client's `X-Request-Id` when well formed, else a new UUID. */
export function chooseRequestId(sent: string | string[] | undefined): string {
  return typeof sent === "string" && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/**
 * Gives the request its id, sets it on the response and remembers it for the response, so the
 * error writer and the log lines of that request can name it. Idempotent: a second call returns the first id.
 */
export function assignRequestId(req: RequestLike, res: ResponseLike): string {
  const existing = ids.get(res);
  if (existing !== undefined) return existing;
  const id = chooseRequestId(req.headers["x-request-id"]);
  ids.set(res, id);
  ids.set(req, id);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id given to this request or response by `assignRequestId`, if any. */
export function requestIdOf(reqOrRes: object): string | undefined {
  return ids.get(reqOrRes);
}

/** Connect-style middleware (express, or any `(req, res, next)` host): first on every route. */
export function requestIds() {
  return (req: RequestLike, res: ResponseLike, next: () => void): void => {
    assignRequestId(req, res);
    next();
  };
}
