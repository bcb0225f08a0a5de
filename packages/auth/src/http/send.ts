import { loggableError } from "@connector/core/errors";
import { asServiceError, requestIdOf } from "@connector/http";
import type { Response } from "express";
import type { AuthContext } from "../context.js";
import { type AuthLogger, withRequestId } from "../logger.js";
import { InvalidRequestError, type OAuthError, ServerError, TemporarilyUnavailableError, isOAuthError } from "../errors/oauth-error.js";

/** RFC 6749 §5.1: token responses and anything carrying secrets must not be cached. */
export function noStore(res: Response): void {
  res.set("Cache-Control", "no-store");
  res.set("Pragma", "no-cache");
}

/**
 * Unknown failures become a bare `server_error`, and an unreachable database (the store's
 * unavailable error, which the HTTP layer answers 503) becomes `temporarily_unavailable` with its `Retry-After`. Only the
 * error's name, code and stack frames are logged: driver messages can quote row values. Pass the
 * request's logger (`requestContext`), so the line names the request.
 */
export function asOAuthError(error: unknown, logger: AuthLogger): OAuthError {
  if (isOAuthError(error)) return error;
  const serviceError = asServiceError(error);
  // The caller's mistake said in the service's words (a NUL character in a field, say) is a bad request;
  // a body too large (413) or not of a kind read here (415) keeps its status, on every OAuth door.
  const status = serviceError.status;
  if (status === 400 || status === 413 || status === 415) return new InvalidRequestError(serviceError.message, { cause: error, status });
  if (serviceError.code === "service_unavailable") {
    logger.warn({ err: loggableError(error) }, "authorization server cannot reach its database");
    return new TemporarilyUnavailableError("The service is temporarily unavailable. Try again in a few seconds.", {
      cause: error,
      headers: retryAfter(serviceError.headers),
    });
  }
  logger.error({ err: loggableError(error) }, "authorization server error");
  return new ServerError("The authorization server hit an unexpected error. Try again later.");
}

function retryAfter(headers: Readonly<Record<string, string>>): Record<string, string> {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === "retry-after");
  return entry === undefined ? {} : { "Retry-After": entry[1] };
}

/** RFC 6749 §5.2 JSON error with `Cache-Control: no-store` (and `Retry-After` on 503). */
export function sendOAuthError(res: Response, error: unknown, logger: AuthLogger): void {
  const oauthError = asOAuthError(error, withRequestId(logger, requestIdOf(res)));
  noStore(res);
  res.status(oauthError.status).set(oauthError.headers).json(oauthError.toJSON());
}

/**
 * A failure on a page a person sees (sign-in, consent): the OAuth error's status, and its code and
 * (English) description for the pages, which choose the words a person reads.
 */
export function sendErrorPage(context: AuthContext, res: Response, error: unknown, options: { appCannotConnect?: boolean } = {}): void {
  const oauthError = asOAuthError(error, withRequestId(context.logger, requestIdOf(res)));
  const unavailable = oauthError instanceof TemporarilyUnavailableError;
  res.set(oauthError.headers);
  context.pages.send(
    res,
    oauthError.status === 401 ? 400 : oauthError.status,
    context.pages.error(
      unavailable
        ? { reason: "unavailable" }
        : { reason: "request-failed", appCannotConnect: options.appCannotConnect === true, error: oauthError.error, description: oauthError.description },
    ),
  );
}
