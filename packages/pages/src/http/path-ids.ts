import type { PageSessions } from "../sessions/page-session.js";
import { isServiceError } from "@connector/core";
import { PATH_ID_NAMES, pathParams, validateInput } from "@connector/core/validation";
import type { Router } from "express";

/**
 * Every id in a page's path (`/drafts/:draftId`, `/resolve/offers/:offerId`…) meets the same schema
 * as in `/api/v1`, through core's one validation, and is handed on normalised. An id that is not one
 * leaves the router: nothing is at that address, so the host answers as for any unknown address (the
 * not-found page for a browser, JSON for an API client). A signed-out visitor is still sent to sign-in
 * first, as on every page, and meets the not-found page on the way back.
 */
export function validatePathIds(router: Router, sessions: PageSessions): void {
  for (const name of PATH_ID_NAMES) {
    router.param(name, async (req, _res, next, value: unknown) => {
      try {
        req.params[name] = validateInput(pathParams(name), { [name]: value }, { where: "path", personalData: "names" })[name];
        next();
      } catch (error) {
        if (!isServiceError(error) || error.status >= 500) return next(error);
        next((await signedIn(sessions, req)) ? "router" : undefined);
      }
    });
  }
}

/** Whether the request carries a session; a failure to tell is left to the page handler, which reports it. */
async function signedIn(sessions: PageSessions, req: Parameters<PageSessions["current"]>[0]): Promise<boolean> {
  try {
    return (await sessions.current(req)) !== undefined;
  } catch {
    return false;
  }
}
