/** The error body every connector endpoint returns. */
export interface ConnectorErrorBody {
  error: { code: string; message: string; field?: string };
}

/**
 * A failed call. `status` and `code` come from the service (spec §7); subclasses let callers
 * catch by kind: `catch (e) { if (e instanceof RateLimitError) … }`.
 */
export class APIError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly headers: Headers | undefined;

  constructor(status: number | undefined, body: ConnectorErrorBody | undefined, message: string, headers?: Headers) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = body?.error.code;
    this.field = body?.error.field;
    this.headers = headers;
  }

  static generate(status: number, body: unknown, headers: Headers): APIError {
    const parsed = isErrorBody(body) ? body : undefined;
    const message = parsed?.error.message ?? `The service answered ${status}.`;
    const ErrorClass = ERROR_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new ErrorClass(status, parsed, message, headers);
  }
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class PayloadTooLargeError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}

/** The service could not be reached at all (refused, reset, DNS, timeout). */
export class APIConnectionError extends APIError {
  constructor(cause: unknown) {
    super(undefined, undefined, "Could not reach the connector service.");
    this.cause = cause;
  }
}

const ERROR_CLASSES: Record<number, new (...args: ConstructorParameters<typeof APIError>) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
};

function isErrorBody(value: unknown): value is ConnectorErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}
