import { type ErrorBody, ServiceError, toServiceError } from "@connector/core";
import { isStoreUnavailable } from "@connector/core/errors";
import { compressedBodyRefusal } from "./content-encoding.js";
import { type JsonResponseWriter, sendJson } from "./json-response.js";
import { MAX_REQUEST_BYTES } from "./read-json-body.js";
import { requestIdOf } from "./request-id.js";

/** Seconds a client is asked to wait before retrying while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
}

/**
 * Failures of the HTTP layer (the body readers' `type` field, the router's URI decoding) and of
 * the store (its database unreachable) mapped to service errors, so every refusal gets the same
 * JSON shape. Each is recognised by a stable property, never by class.
 */
function fromHostError(error: unknown): ServiceError | undefined {
  if (isStoreUnavailable(error)) {
    return new ServiceError("service_unavailable", "The service cannot reach its database. Retry with backoff.", {
      headers: { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) },
      cause: error,
    });
  }
  // The router's decoding of a path parameter ("%E0"): the address is the caller's to fix.
  if ((error as { name?: unknown } | null)?.name === "URIError") {
    return new ServiceError("invalid_input", "The request address contains invalid percent-encoding.");
  }
  const type = (error as { type?: unknown } | null)?.type;
  switch (type) {
    case "entity.too.large":
      return new ServiceError("payload_too_large", `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`);
    case "entity.parse.failed":
      return new ServiceError("invalid_input", "The request body is not valid JSON.");
    // Words for every door (a form, a CSV, a file's part), not only JSON's.
    case "encoding.unsupported":
      return compressedBodyRefusal();
    case "charset.unsupported":
      return new ServiceError("unsupported_media_type", "Send the body in UTF-8.");
  }
  // Any other refusal of a body reader (http-errors: an aborted upload, too many form fields) that
  // it marks as the client's (`expose`, 4xx) is the caller's to fix, not the service's failure.
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  if (typeof type === "string" && expose === true && typeof status === "number" && status >= 400 && status < 500) {
    return status === 413
      ? new ServiceError("payload_too_large", `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`)
      : new ServiceError("invalid_input", "The request body could not be read.");
  }
  return undefined;
}

/** Any thrown value as a ServiceError: host failures mapped, anything unknown an opaque 500. */
export function asServiceError(error: unknown): ServiceError {
  return fromHostError(error) ?? toServiceError(error);
}

/**
 * Any thrown value → status, headers and the one JSON error body, which names the request's id
 * when there is one (so a person reporting a failure can quote it). Unexpected errors reveal nothing.
 */
export function toErrorResponse(error: unknown, requestId?: string): ErrorResponse {
  const serviceError = asServiceError(error);
  const body = serviceError.toBody();
  if (requestId !== undefined) body.error.requestId = requestId;
  return { status: serviceError.status, headers: { ...serviceError.headers }, body };
}

export function writeErrorResponse(res: JsonResponseWriter, error: unknown): void {
  const { status, headers, body } = toErrorResponse(error, requestIdOf(res));
  sendJson(res, status, body, headers);
}

/** Whether the service's answer to `error` is its own failure (5xx), as opposed to the caller's mistake. */
export function isServerFailure(error: unknown): boolean {
  return asServiceError(error).status >= 500;
}

/** Passes failures that are the service's own (answered 5xx) to the host's reporter; callers' mistakes are not logged as errors. */
export function reportUnexpected(
  error: unknown,
  report: ((error: unknown, requestId?: string) => void) | undefined,
  requestId?: string,
): void {
  if (report !== undefined && isServerFailure(error)) report(error, requestId);
}
