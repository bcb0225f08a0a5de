import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { DEFAULT_LANGUAGE, type Language } from "@connector/core/resolve";
import { languageOfRequest } from "./reader-language.js";
import { DEFAULT_TIME_ZONE, timeZoneOfRequest } from "./reader-time-zone.js";

/** Who a page is rendered for: the zone its times are shown in and the language its words are in. */
export interface Reader {
  timeZone: string;
  language: Language;
  /**
   * The page being read, for a link that brings the reader back to it (a GET's path; else the home
   * page). Never its query: a query can carry what the person typed, a value refused as personal
   * data included, which no page may write back. A route that knows which of its query is safe to
   * keep sets the path itself (the letter's choices: `asReader({ path })`).
   */
  path: string;
}

const DEFAULT_READER: Reader = { timeZone: DEFAULT_TIME_ZONE, language: DEFAULT_LANGUAGE, path: "/" };

type RequestLike = Pick<IncomingMessage, "headers" | "method" | "url"> & { originalUrl?: string };
const readers = new AsyncLocalStorage<Reader>();

/** The reader of a request: its browser's zone and language (their cookies, else the defaults and Accept-Language). */
export function readerOfRequest(req: RequestLike): Reader {
  const path = req.method === "GET" ? (req.originalUrl ?? req.url ?? "/").split("?")[0]! : "/";
  return { timeZone: timeZoneOfRequest(req), language: languageOfRequest(req), path };
}

/** The reader the page being rendered is for (the defaults outside a request). */
export const currentReader = (): Reader => readers.getStore() ?? DEFAULT_READER;
export const readerTimeZone = (): string => currentReader().timeZone;
export const readerLanguage = (): Language => currentReader().language;

/** Runs `render` for a reader: what is not given stays as the current reader's. */
export function asReader<T>(reader: Partial<Reader>, render: () => T): T {
  return readers.run({ ...currentReader(), ...reader }, render);
}

/** Runs `render` with `zone` as the reader's zone: every time it formats is shown in that zone. */
export const inTimeZone = <T>(zone: string, render: () => T): T => asReader({ timeZone: zone }, render);

/** Runs `render` for the request's reader. */
export const asReaderOf = <T>(req: RequestLike, render: () => T): T => asReader(readerOfRequest(req), render);

type Next = (error?: unknown) => void;

/**
 * Connect-style middleware: everything the rest of the request renders is for its reader. Body
 * parsers may lose this context while they read a body, so a handler that renders after parsing
 * a form enters it again with `asReaderOf`.
 */
export function readerMiddleware(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, _res, next) => asReaderOf(req, () => next());
}
