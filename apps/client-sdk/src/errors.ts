import type { components } from "./generated/openapi.js";

/** The error body every connector endpoint returns (docs/decisions.md, "Error body"). */
export interface ConnectorErrorBody {
  error: { code: string; message: string; field?: string; requestId?: string };
}

/**
 * The codes the connector answers with over its REST tools and MCP, as its published OpenAPI document lists
 * them (core's `CONNECTOR_ERROR_CODES`); the back office's and `/api/v1`'s own codes are not among them.
 */
export type ServiceErrorCode = components["schemas"]["ErrorBody"]["error"]["code"];

const CONNECTOR_ERROR = Symbol.for("@connector/client.ConnectorError");

/**
 * Codes the client itself raises, beside the service's own (`invalid_input`, `rate_limited`, …):
 * the call never got an answer, or was refused before it was sent.
 */
export type ClientErrorCode =
  | "connection_error"
  | "timeout"
  | "aborted"
  | "workspace_not_connected"
  | "not_connected"
  | "authorization_failed";

/**
 * The authorization server's own codes (RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707), which an
 * {@link AuthenticationError} or {@link AuthorizationError} carries; any other becomes `authorization_failed`.
 */
export const OAUTH_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "access_denied",
  "unsupported_response_type",
  "server_error",
  "temporarily_unavailable",
  "invalid_redirect_uri",
  "invalid_client_metadata",
  "invalid_target",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** The code for an answer whose body carried none: `http_502`. */
export type HttpStatusCode = `http_${number}`;

/** Every code a {@link ConnectorError} can carry: a misspelt code in {@link isConnectorError} does not compile. */
export type ConnectorErrorCode = ServiceErrorCode | ClientErrorCode | OAuthErrorCode | HttpStatusCode;

/** An OAuth error code as this package reports it: one of {@link OAUTH_ERROR_CODES}, else `authorization_failed`. */
export function oauthErrorCode(code: string): OAuthErrorCode | "authorization_failed" {
  return (OAUTH_ERROR_CODES as readonly string[]).includes(code) ? (code as OAuthErrorCode) : "authorization_failed";
}

interface ErrorDetails {
  status?: number | undefined;
  code: ConnectorErrorCode;
  message: string;
  field?: string | undefined;
  requestId?: string | undefined;
  headers?: Headers | undefined;
  idempotencyKey?: string | undefined;
  cause?: unknown;
}

/**
 * Every failure the client reports. `code` is stable (the service's error code, or a
 * {@link ClientErrorCode}); check it with {@link isConnectorError} rather than `instanceof` alone,
 * which breaks when two copies of the package are loaded.
 */
export class ConnectorError extends Error {
  /** HTTP status of the answer; undefined when there was none. */
  readonly status: number | undefined;
  readonly code: ConnectorErrorCode;
  /** Dotted path of the argument at fault, never its value. */
  readonly field: string | undefined;
  /** The service's `X-Request-Id` for this answer: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;
  /** For draft calls: the idempotency key every attempt used; pass it again to retry the same draft later. */
  idempotencyKey: string | undefined;
  /** Marks the object for {@link isConnectorError}; a registered symbol is the same in every copy of the package. */
  readonly [CONNECTOR_ERROR] = true;

  constructor(details: ErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.requestId = details.requestId;
    this.headers = details.headers;
    this.idempotencyKey = details.idempotencyKey;
  }

  /** The class for an HTTP status of spec §7, carrying the body's code, message, field and the request id. */
  static fromResponse(status: number, body: unknown, headers: Headers): ConnectorError {
    const parsed = isErrorBody(body) ? body.error : undefined;
    const ErrorClass =
      parsed?.code === "wrong_workspace"
        ? WrongWorkspaceError
        : (ERROR_CLASSES[status] ?? (status >= 500 ? InternalServerError : ConnectorError));
    return new ErrorClass({
      status,
      // A code this version does not know yet still comes through as the service sent it.
      code: (parsed?.code as ConnectorErrorCode | undefined) ?? `http_${status}`,
      message: parsed?.message ?? `The service answered HTTP ${status}.`,
      field: parsed?.field,
      requestId: headers.get("x-request-id") ?? parsed?.requestId,
      headers,
    });
  }
}

/** 400: a schema violation, an unknown property, or personal data in the arguments; `message` and `field` are the service's. */
export class BadRequestError extends ConnectorError {}
/** 401: no connection, or it expired and could not be refreshed. */
export class AuthenticationError extends ConnectorError {}
/**
 * 401 `wrong_workspace`: a live token of the other workspace (a Resolve token on a Desk tool). No refresh
 * can fix it, so the client does not try one: connect that workspace separately.
 */
export class WrongWorkspaceError extends AuthenticationError {}
/** 403: a scope this call needs was not granted. */
export class PermissionDeniedError extends ConnectorError {}
/** 404: the record is unavailable (or does not exist; the service does not say which). */
export class NotFoundError extends ConnectorError {}
/** 409: the idempotency key was used before with different content. */
export class ConflictError extends ConnectorError {}
/** 413: the body is over 64 KiB. */
export class PayloadTooLargeError extends ConnectorError {}
/** 415: the body was not UTF-8 JSON. */
export class UnsupportedMediaTypeError extends ConnectorError {}
/** 429: over 120 calls a minute on this grant; `retryAfterSeconds` says when to come back. */
export class RateLimitError extends ConnectorError {
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers?.get("retry-after"));
    return Number.isFinite(value) ? value : undefined;
  }
}
/** 503: the service is briefly unable to answer. */
export class ServiceUnavailableError extends ConnectorError {}
/** 500 and other 5xx: a fault on the service's side. */
export class InternalServerError extends ConnectorError {}

/**
 * The service could not be reached, or the connection broke before an answer arrived. `requestId` is
 * the id this client sent: the service logs it if the request got that far.
 */
export class ConnectionError extends ConnectorError {
  constructor(cause: unknown, requestId?: string) {
    super({ code: "connection_error", message: "Could not reach the connector service.", cause, requestId });
  }
}
/**
 * No answer within the client's timeout, or the caller's `AbortSignal.timeout()` fired (then `timeoutMs` is
 * undefined); `requestId` is the id this client sent.
 */
export class TimeoutError extends ConnectorError {
  constructor(timeoutMs: number | undefined, requestId?: string) {
    super({
      code: "timeout",
      message:
        timeoutMs === undefined
          ? "The call's deadline (its AbortSignal.timeout) passed before the connector service answered."
          : `The connector service did not answer within ${timeoutMs} ms.`,
      requestId,
    });
  }
}
/** The caller's AbortSignal fired; `cause` is the signal's reason. */
export class AbortedError extends ConnectorError {
  constructor(reason: unknown) {
    super({ code: "aborted", message: "The call was aborted.", cause: reason });
  }
}
/** OAuth failures: not connected yet, a refused refresh, a callback that fails its checks. */
export class AuthorizationError extends ConnectorError {}

const ERROR_CLASSES: Record<number, new (details: ErrorDetails) => ConnectorError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/**
 * The class each code arrives in, as {@link ConnectorError.fromResponse} and the client's own checks choose
 * it: what {@link isConnectorError} narrows to. A code not listed narrows to {@link ConnectorError}.
 */
interface ErrorClassByCode {
  invalid_input: BadRequestError;
  invalid_amount: BadRequestError;
  forbidden_personal_data: BadRequestError;
  invalid_token: AuthenticationError;
  connection_required: AuthenticationError;
  wrong_workspace: WrongWorkspaceError;
  invalid_dpop_proof: AuthenticationError;
  use_dpop_nonce: AuthenticationError;
  insufficient_scope: PermissionDeniedError;
  forbidden_origin: PermissionDeniedError;
  not_found: NotFoundError;
  unknown_tool: NotFoundError;
  idempotency_conflict: ConflictError;
  payload_too_large: PayloadTooLargeError;
  unsupported_media_type: UnsupportedMediaTypeError;
  rate_limited: RateLimitError;
  service_unavailable: ServiceUnavailableError;
  internal_error: InternalServerError;
  connection_error: ConnectionError;
  timeout: TimeoutError;
  aborted: AbortedError;
  not_connected: AuthorizationError;
  authorization_failed: AuthorizationError;
  access_denied: AuthorizationError;
  invalid_grant: AuthenticationError;
}

/** The error {@link isConnectorError} narrows to for these codes: `ErrorForCode<"rate_limited">` is a {@link RateLimitError}. */
export type ErrorForCode<Code extends ConnectorErrorCode> = Code extends keyof ErrorClassByCode
  ? ErrorClassByCode[Code] & { readonly code: Code }
  : Code extends OAuthErrorCode
    ? (AuthenticationError | AuthorizationError) & { readonly code: Code }
    : ConnectorError & { readonly code: Code };

/**
 * True when `error` is a {@link ConnectorError} (from any copy of this package), and, when codes are
 * given, has one of them; it then narrows to the class those codes arrive in:
 * `if (isConnectorError(error, "rate_limited")) error.retryAfterSeconds`.
 */
export function isConnectorError(error: unknown): error is ConnectorError;
export function isConnectorError<const Code extends ConnectorErrorCode>(error: unknown, ...codes: [Code, ...Code[]]): error is ErrorForCode<Code>;
export function isConnectorError(error: unknown, ...codes: ConnectorErrorCode[]): error is ConnectorError {
  if (typeof error !== "object" || error === null || (error as { [CONNECTOR_ERROR]?: unknown })[CONNECTOR_ERROR] !== true) return false;
  return codes.length === 0 || codes.includes((error as ConnectorError).code);
}

function isErrorBody(value: unknown): value is ConnectorErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}
