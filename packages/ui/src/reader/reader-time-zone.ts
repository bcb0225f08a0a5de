import type { IncomingMessage } from "node:http";
import { validTimeZone } from "@connector/core/resolve";
import { readCookie } from "@connector/http";

export { validTimeZone };

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

/** The reader's zone from a request's Cookie header, or the default. */
export function timeZoneOfRequest(req: Pick<IncomingMessage, "headers">): string {
  return validTimeZone(readCookie(req.headers, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;
}
