import { isServiceError } from "@connector/core";
import { PATH_ID_NAMES, pathParams, validateInput } from "@connector/core/validation";
import type { Router } from "express";

/**
 * Every id in a page's path (`/drafts/:draftId`, `/resolve/offers/:offerId`…) meets the same schema
 * as in `/api/v1`, through core's one validation, and is handed on normalised. An id that is not one
 * leaves the router: nothing is at that address, so the host answers as for any unknown address (the
 * not-found page for a browser, JSON for an API client).
 */
export function validatePathIds(router: Router): void {
  for (const name of PATH_ID_NAMES) {
    router.param(name, (req, _res, next, value: unknown) => {
      try {
        req.params[name] = validateInput(pathParams(name), { [name]: value }, { where: "path", personalData: "names" })[name];
        next();
      } catch (error) {
        next(isServiceError(error) && error.status < 500 ? "router" : error);
      }
    });
  }
}
