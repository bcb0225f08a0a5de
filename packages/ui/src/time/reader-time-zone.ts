import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readCookie } from "@connector/http";

/**
 * The zone a page is read in when the browser has not told us its own: US Eastern time. The
 * service serves consumers under a US rule (Regulation F), and Eastern is the zone most of them
 * live in; every time shown names its zone, so a reader elsewhere is never misled.
 */
export const DEFAULT_TIME_ZONE = "America/New_York";

/**
 * The cookie the pages' time-zone script sets to the browser's own IANA zone (e.g.
 * `America/Chicago`), so the next page is rendered in it by the server, with no script needed.
 */
export const TIME_ZONE_COOKIE = "tz";

const zones = new AsyncLocalStorage<string>();

/** A real IANA zone name, or undefined (the cookie is the browser's to write, so it is checked). */
export function validTimeZone(name: string | undefined): string | undefined {
  if (name === undefined || name === "" || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The reader's zone from a request's Cookie header, or the default. */
export function timeZoneOfRequest(req: Pick<IncomingMessage, "headers">): string {
  return validTimeZone(readCookie(req.headers, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;
}

/** Runs `render` with `zone` as the reader's zone: every time it formats is shown in that zone. */
export function inTimeZone<T>(zone: string, render: () => T): T {
  return zones.run(zone, render);
}

/** Runs `render` in the zone the request's browser reported (or the default). */
export function inReaderTimeZone<T>(req: Pick<IncomingMessage, "headers">, render: () => T): T {
  return inTimeZone(timeZoneOfRequest(req), render);
}

/** The zone the page being rendered is read in (the default outside a request). */
export function readerTimeZone(): string {
  return zones.getStore() ?? DEFAULT_TIME_ZONE;
}

type Next = (error?: unknown) => void;

/**
 * Connect-style middleware: everything the rest of the request renders shows times in the
 * reader's zone. Body parsers may lose this context while they read a body, so a handler that
 * renders after parsing a form enters the zone again with `inReaderTimeZone`.
 */
export function readerTimeZoneMiddleware(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, _res, next) => inReaderTimeZone(req, () => next());
}
