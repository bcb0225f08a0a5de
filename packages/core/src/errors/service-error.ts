import { ERROR_STATUS, type ErrorCode } from "./error-codes.js";

export interface ServiceErrorOptions {
  /** The argument at fault, as a dotted path (`accounts.0.amount`); never its value. */
  field?: string;
  /** Response headers the error needs, such as `WWW-Authenticate` on 401/403 or `Retry-After` on 429. */
  headers?: Record<string, string>;
  /** Internal detail for logs; never serialised into a response. */
  cause?: unknown;
  /** Every problem when one request has several (a placement batch's bad rows), in order. */
  details?: readonly ErrorDetail[];
}

/** One problem of a request that has several: its own code, where it is, what to do. Never the value. */
export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  field?: string;
  /** 1-based row of a batch (the first data row of a CSV is row 1). */
  row?: number;
}

/** The single error type of the service: a stable code, its HTTP status and a message a person can act on. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly details: readonly ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ServiceError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }

  /** The JSON body every adapter sends: `{ error: { code, message, field? } }`. */
  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field === undefined ? {} : { field: this.field }),
        ...(this.details === undefined ? {} : { details: this.details.map((detail) => ({ ...detail })) }),
      },
    };
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string; details?: ErrorDetail[] };
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** Anything that is not already a ServiceError becomes an opaque 500 whose message reveals nothing. */
export function toServiceError(value: unknown): ServiceError {
  if (isServiceError(value)) return value;
  return new ServiceError("internal_error", "The service hit an unexpected error. Try again later.", {
    cause: value,
  });
}

export const notFound = (what = "record") =>
  new ServiceError("not_found", `The ${what} is not available to this connection.`);

/** Connector requests carry a JSON object (spec §4.1); anything else is refused before it is read. */
export const unsupportedMediaType = () =>
  new ServiceError("unsupported_media_type", "Send a JSON body with Content-Type: application/json.");
