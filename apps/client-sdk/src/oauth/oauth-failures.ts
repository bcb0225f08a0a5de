import * as oauth from "oauth4webapi";
import { AuthenticationError, AuthorizationError, ConnectionError, oauthErrorCode } from "../errors.js";

/**
 * oauth4webapi's failures as this package's errors, with a message that says what to check where the
 * library's own words name only the protocol field (issue 54): a `baseUrl` on another host than the service's
 * own address, a callback from an older authorization.
 */
export function translateOAuthFailure(error: unknown): Error {
  if (error instanceof oauth.ResponseBodyError) {
    const ErrorClass = error.status === 400 || error.status === 401 ? AuthenticationError : AuthorizationError;
    return new ErrorClass({
      status: error.status,
      code: oauthErrorCode(error.error),
      message: error.error_description ?? `The authorization server refused the request (${error.error}).`,
      cause: error,
    });
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    return new AuthorizationError({
      code: oauthErrorCode(error.error),
      message: error.error_description ?? `Authorization ended with ${error.error}.`,
      cause: error,
    });
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new AuthorizationError({ code: "authorization_failed", message: explain(error), cause: error });
  }
  // fetch rejects with a bare TypeError when the connection fails; oauth4webapi's own TypeErrors carry a code.
  if (error instanceof TypeError && (error as { code?: unknown }).code === undefined) return new ConnectionError(error);
  return error instanceof Error ? error : new Error(String(error));
}

function explain(error: oauth.OperationProcessingError | oauth.UnsupportedOperationError): string {
  const cause = error.cause as { attribute?: unknown; expected?: unknown; body?: { resource?: unknown } } | undefined;
  if (error.code === oauth.JSON_ATTRIBUTE_COMPARISON && cause?.attribute === "resource") {
    return (
      `The service calls this workspace ${String(cause.body?.resource)}, not ${String(cause.expected)}: give baseUrl the ` +
      "address the service calls itself (its BASE_URL; http://127.0.0.1:3000 and http://localhost:3000 are different addresses)."
    );
  }
  if (/"state" response parameter/.test(error.message)) {
    return (
      "This callback does not belong to the authorization in progress (its state differs): it comes from an older " +
      "authorization URL. Open the newest URL and use the callback it leads to."
    );
  }
  return error.message;
}
