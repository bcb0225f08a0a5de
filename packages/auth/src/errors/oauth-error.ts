/**
 * Protocol errors, one class per RFC `error` code, each with the HTTP status the token-style
 * endpoints answer with. The description is safe to show to a client; internal detail travels in
 * `cause` and is never serialised.
 *
 * @see RFC 6749 §4.1.2.1 (authorization errors) and §5.2 (token endpoint errors)
 * @see RFC 7591 §3.2.2 (registration errors), RFC 8707 §2 (`invalid_target`)
 */
export abstract class OAuthError extends Error {
  abstract readonly error: string;
  abstract readonly status: number;
  /** Response headers the error needs, such as `Retry-After` on 503. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(description: string, options?: { cause?: unknown; headers?: Record<string, string> }) {
    super(description, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.headers = options?.headers ?? {};
  }

  get description(): string {
    return this.message;
  }

  /** The RFC 6749 §5.2 JSON body. */
  toJSON(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

/**
 * `invalid_request`, 400; or, for a body refused before it was read (spec §8's 64 KiB, a compressed or
 * mistyped body), the status HTTP gives that refusal (413, 415), so a client is not told to fix its content
 * when it should send less, and no refusal of a body becomes the server's 500.
 */
export class InvalidRequestError extends OAuthError {
  readonly error = "invalid_request";
  readonly status: 400 | 413 | 415;

  constructor(description: string, options?: { cause?: unknown; headers?: Record<string, string>; status?: 400 | 413 | 415 }) {
    super(description, options);
    this.status = options?.status ?? 400;
  }
}

/** RFC 6749 §5.2: client authentication failed (unknown client, or a credential a public client must not send). */
export class InvalidClientError extends OAuthError {
  readonly error = "invalid_client";
  readonly status = 401;
}

export class InvalidGrantError extends OAuthError {
  readonly error = "invalid_grant";
  readonly status = 400;
}

export class UnauthorizedClientError extends OAuthError {
  readonly error = "unauthorized_client";
  readonly status = 400;
}

export class UnsupportedGrantTypeError extends OAuthError {
  readonly error = "unsupported_grant_type";
  readonly status = 400;
}

export class UnsupportedResponseTypeError extends OAuthError {
  readonly error = "unsupported_response_type";
  readonly status = 400;
}

export class InvalidScopeError extends OAuthError {
  readonly error = "invalid_scope";
  readonly status = 400;
}

/** RFC 8707 §2: the `resource` is not one this server issues tokens for, or not the grant's. */
export class InvalidTargetError extends OAuthError {
  readonly error = "invalid_target";
  readonly status = 400;
}

export class AccessDeniedError extends OAuthError {
  readonly error = "access_denied";
  readonly status = 403;
}

/** RFC 7591 §3.2.2 */
export class InvalidClientMetadataError extends OAuthError {
  readonly error = "invalid_client_metadata";
  readonly status = 400;
}

/** RFC 7591 §3.2.2 */
export class InvalidRedirectUriError extends OAuthError {
  readonly error = "invalid_redirect_uri";
  readonly status = 400;
}

/** RFC 9449 §5: the DPoP proof at the token endpoint is missing (for a client that must send one) or invalid. */
export class InvalidDpopProofError extends OAuthError {
  readonly error = "invalid_dpop_proof";
  readonly status = 400;
}

/** RFC 9449 §8: sign the proof again with the nonce in the `DPoP-Nonce` header this error carries. */
export class UseDpopNonceError extends OAuthError {
  readonly error = "use_dpop_nonce";
  readonly status = 400;
}

export class ServerError extends OAuthError {
  readonly error = "server_error";
  readonly status = 500;
}

/**
 * RFC 6749 §4.1.2.1 `temporarily_unavailable`: the server cannot handle the request now (its
 * database is unreachable) and the client should retry later. RFC 6749 defines it for the
 * authorization endpoint only; the token, registration and revocation endpoints answer it too,
 * with 503 and `Retry-After`, so clients do not mistake an outage for a broken grant.
 */
export class TemporarilyUnavailableError extends OAuthError {
  readonly error = "temporarily_unavailable";
  readonly status = 503;
}

export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof OAuthError;
}
