import { type ErrorBody, ServiceError, toServiceError } from "@connector/core";

/**
 * Any failure as the service answers it: the ServiceError's status, headers and `{ error: { code, message } }`
 * body. Anything else is an opaque 500 (core's `toServiceError`), told to the host's log first, as the
 * body says nothing of it.
 */
export function errorResponse(error: unknown, report: (error: unknown) => void): Response {
  const serviceError = toServiceError(error);
  if (serviceError.status >= 500) report(error);
  const body: ErrorBody = serviceError.toBody();
  return Response.json(body, { status: serviceError.status, headers: { ...serviceError.headers } });
}

/** The host's answer when no principal came with the request: core's code for a missing connection. */
export const noPrincipal = () =>
  new ServiceError("authentication_required", "Send Authorization: Bearer <your API key> to call this host.", {
    headers: { "WWW-Authenticate": 'Bearer realm="example-hono-host"' },
  });
