import type { Response } from "express";
import type { AuthLogger } from "../logger.js";
import { type OAuthError, ServerError, isOAuthError } from "../errors/oauth-error.js";
import { PAGE_HEADERS } from "../pages/layout.js";
import { errorPage } from "../pages/error-page.js";

/** RFC 6749 §5.1: token responses and anything carrying secrets must not be cached. */
export function noStore(res: Response): void {
  res.set("Cache-Control", "no-store");
  res.set("Pragma", "no-cache");
}

/** Unknown failures become a bare `server_error`; the detail goes to the log only. */
export function asOAuthError(error: unknown, logger: AuthLogger): OAuthError {
  if (isOAuthError(error)) return error;
  logger.error({ err: error }, "authorization server error");
  return new ServerError("The authorization server hit an unexpected error. Try again later.");
}

/** RFC 6749 §5.2 JSON error with `Cache-Control: no-store`. */
export function sendOAuthError(res: Response, error: unknown, logger: AuthLogger): void {
  const oauthError = asOAuthError(error, logger);
  noStore(res);
  res.status(oauthError.status).json(oauthError.toJSON());
}

export function sendPage(res: Response, status: number, page: string): void {
  res.status(status).set(PAGE_HEADERS).type("html").send(page);
}

export function sendErrorPage(res: Response, error: unknown, logger: AuthLogger, title = "This request cannot continue"): void {
  const oauthError = asOAuthError(error, logger);
  sendPage(res, oauthError.status === 401 ? 400 : oauthError.status, errorPage(title, oauthError.description));
}
