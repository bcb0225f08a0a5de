import { ServiceError } from "@connector/core";

export type BearerErrorCode =
  | "connection_required"
  | "invalid_token"
  | "wrong_workspace"
  | "insufficient_scope"
  | "invalid_dpop_proof"
  | "use_dpop_nonce";

/**
 * A refused bearer request: a ServiceError (so adapters send the service's usual JSON body and
 * status: 401, or 403 for scope) that also carries its `WWW-Authenticate` challenge in `headers`.
 */
export class BearerError extends ServiceError {
  override readonly code: BearerErrorCode;
  readonly wwwAuthenticate: string;

  /** `headers`: more the refusal must carry (a DPoP nonce to sign the next proof with). */
  constructor(code: BearerErrorCode, message: string, wwwAuthenticate: string, headers: Readonly<Record<string, string>> = {}) {
    super(code, message, { headers: { ...headers, "WWW-Authenticate": wwwAuthenticate } });
    this.name = "BearerError";
    this.code = code;
    this.wwwAuthenticate = wwwAuthenticate;
  }
}
