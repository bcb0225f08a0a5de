import type { PageSessions } from "../sessions/page-session.js";
import { requestIdOf } from "@connector/http";
import { prefersHtml, sendPage } from "@connector/ui";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { notFoundPage } from "../views/site/status-pages.js";

/** Paths that always answer JSON, whatever the Accept header says: API clients live there. */
const API_PREFIXES = ["/api/", "/mcp/", "/oauth/", "/.well-known/", "/healthz", "/readyz"];

/** Whether this request is a person's browser asking for a page (not an API client, whatever it accepts). */
export function isPageRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (API_PREFIXES.some((prefix) => req.path === prefix.replace(/\/$/, "") || req.path.startsWith(prefix))) return false;
  return prefersHtml(req.headers.accept);
}

/**
 * The last route before the JSON 404: a browser gets a page that says so (signed-in people see
 * their header and a link to their pages); everyone else falls through to the JSON error.
 */
export function notFoundPageFallback(sessions: PageSessions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req)) {
      next();
      return;
    }
    try {
      const signedIn = await sessions.current(req);
      sendPage(res, 404, notFoundPage(signedIn?.person, requestIdOf(res)));
    } catch (error) {
      next(error);
    }
  };
}
