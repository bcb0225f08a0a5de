import type { IncomingMessage } from "node:http";
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
