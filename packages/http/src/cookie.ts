import type { IncomingHttpHeaders } from "node:http";
import { parse } from "cookie";

/**
 * The one reader of a request's cookies, for every door a browser uses (sign-in, consent, the
 * people's pages, /api/v1, the reader's time zone): the value of cookie `name`, or undefined when
 * it is missing or empty. Parsed by `cookie` (the package express and cookie-parser use).
 */
export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const header = headers.cookie;
  if (header === undefined || header === "") return undefined;
  const value = parse(header)[name];
  return value === undefined || value === "" ? undefined : value;
}
