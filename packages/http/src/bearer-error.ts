import { ServiceError } from "@connector/core";

export type BearerErrorCode = "connection_required" | "invalid_token" | "wrong_workspace" | "insufficient_scope";

/**
 * A refused bearer request: a ServiceError (so adapters send the service's usual JSON body and
 * status: 401, or 403 for scope) that also carries its `WWW-Authenticate` challenge in `headers`.
 */
export class BearerError extends ServiceError {
  override readonly code: BearerErrorCode;
  readonly wwwAuthenticate: string;

  constructor(code: BearerErrorCode, message: string, wwwAuthenticate: string) {
    super(code, message, { headers: { "WWW-Authenticate": wwwAuthenticate } });
    this.name = "BearerError";
    this.code = code;
    this.wwwAuthenticate = wwwAuthenticate;
  }
}
