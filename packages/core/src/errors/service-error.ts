import { ERROR_STATUS, type ErrorCode } from "./error-codes.js";

export interface ServiceErrorOptions {
  /** The argument at fault, as a dotted path (`accounts.0.amount`); never its value. */
  field?: string;
  /** Response headers the error needs (an authentication challenge, a retry time); set by the layer that knows them. */
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
  /** The batch's row: a CSV's row as a spreadsheet numbers it (the header is row 1), a JSON account's place from 1 (`row-numbering.ts`). */
  row?: number;
}

/**
 * A brand shared by every copy of core in one process (`Symbol.for` is global), so an error made
 * by the ESM build is still recognised by the CJS build: detection never relies on `instanceof`.
 */
const SERVICE_ERROR = Symbol.for("@connector/core/ServiceError");

/** The single error type of the service: a stable code, its HTTP status and a message a person can act on. */
export class ServiceError extends Error {
  readonly [SERVICE_ERROR] = true;
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
  /** `requestId` is added by the HTTP layer: the `X-Request-Id` of the request that failed. */
  error: { code: ErrorCode; message: string; field?: string; details?: ErrorDetail[]; requestId?: string };
}

export function isServiceError(value: unknown): value is ServiceError {
  return typeof value === "object" && value !== null && (value as { [SERVICE_ERROR]?: unknown })[SERVICE_ERROR] === true;
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
