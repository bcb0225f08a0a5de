import type { ServerResponse } from "node:http";
import { PAGE_HEADERS } from "./page-headers.js";

/**
 * Writes a rendered page with the page headers (CSP, no framing, no-store). Works on express's `res`
 * too. `headers` replaces some of them for one page (a page that must loosen its policy says why).
 */
export function sendPage(res: ServerResponse, status: number, html: string, headers: Readonly<Record<string, string>> = {}): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries({ ...PAGE_HEADERS, ...headers })) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(html));
  res.end(html);
}

interface MediaRange {
  type: string;
  q: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(",").map((part) => {
    const [type, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return { type: type ?? "", q: Number.isFinite(weight) ? weight : 0 };
  });
}

/**
 * Whether a request is a browser navigation that should get a page rather than JSON: its Accept
 * header weighs text/html above application/json (or names it first at equal weight). API clients
 * send JSON, `*` or nothing, and keep getting JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const ranges = mediaRanges(accept);
  const html = ranges.findIndex((range) => range.type === "text/html" && range.q > 0);
  if (html === -1) return false;
  const json = ranges.findIndex((range) => range.type === "application/json" || range.type.endsWith("+json"));
  if (json === -1) return true;
  return ranges[html]!.q > ranges[json]!.q || (ranges[html]!.q === ranges[json]!.q && html < json);
}
