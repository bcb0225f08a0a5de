import { type JsonResponseWriter, sendJson } from "../http/json-response.js";
import { type ErrorBody, ServiceError, toServiceError } from "./service-error.js";

/** Spec §8: every request body is at most 64 KiB. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
}

/**
 * Failures of the HTTP layer (the body reader's `type` field, the router's URI decoding) mapped to
 * service errors, so a refused request gets the same JSON shape as every other error.
 */
function fromBodyReaderError(error: unknown): ServiceError | undefined {
  // The router's decoding of a path parameter ("%E0"): the address is the caller's to fix.
  if (error instanceof URIError) {
    return new ServiceError("invalid_input", "The request address contains invalid percent-encoding.");
  }
  const type = (error as { type?: unknown } | null)?.type;
  switch (type) {
    case "entity.too.large":
      return new ServiceError("payload_too_large", `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`);
    case "entity.parse.failed":
      return new ServiceError("invalid_input", "The request body is not valid JSON.");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new ServiceError("unsupported_media_type", "Send the body as UTF-8 JSON.");
    default:
      return undefined;
  }
}

/** Any thrown value → status, headers and the one JSON error body. Unexpected errors reveal nothing. */
export function toErrorResponse(error: unknown): ErrorResponse {
  const serviceError = fromBodyReaderError(error) ?? toServiceError(error);
  return { status: serviceError.status, headers: { ...serviceError.headers }, body: serviceError.toBody() };
}

export function writeErrorResponse(res: JsonResponseWriter, error: unknown): void {
  const { status, headers, body } = toErrorResponse(error);
  sendJson(res, status, body, headers);
}

/** Passes failures that are the service's own (answered 5xx) to the host's reporter; callers' mistakes are not logged as errors. */
export function reportUnexpected(error: unknown, report: ((error: unknown) => void) | undefined): void {
  if (report !== undefined && toErrorResponse(error).status >= 500) report(error);
}
