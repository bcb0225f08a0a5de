import { ALL_PROTOCOL_VERSIONS, ERROR_CODES, type JsonRpcErrorResponse, type RequestId } from "./protocol.js";

/**
 * A refusal of a 2026-07-28 request, written as the JSON-RPC error the revision defines with the
 * HTTP status its Streamable HTTP binding gives it (400 for version, header and params errors, 404
 * for an unknown method). A 2026-07-28 client reads these to tell a modern server from a legacy one
 * (streamable-http "Backward Compatibility"), so their codes are never improvised.
 */
export class ModernProtocolError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly code: number,
    message: string,
    readonly id?: RequestId,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toJSON(): JsonRpcErrorResponse {
    return {
      jsonrpc: "2.0",
      ...(this.id === undefined ? {} : { id: this.id }),
      error: { code: this.code, message: this.message, ...(this.data === undefined ? {} : { data: this.data }) },
    };
  }
}

/** UnsupportedProtocolVersionError: the versions this server speaks, so the client can pick one and retry. */
export const unsupportedVersion = (requested: string, id?: RequestId) =>
  new ModernProtocolError(400, ERROR_CODES.unsupportedProtocolVersion, "Unsupported protocol version", id, {
    supported: [...ALL_PROTOCOL_VERSIONS],
    requested,
  });

/** HeaderMismatch: a standard header is missing, malformed, or says something other than the body. */
export const headerMismatch = (message: string, id?: RequestId) =>
  new ModernProtocolError(400, ERROR_CODES.headerMismatch, `Header mismatch: ${message}`, id);

export const invalidParams = (message: string, id?: RequestId) =>
  new ModernProtocolError(400, ERROR_CODES.invalidParams, `Invalid params: ${message}`, id);

export const invalidRequest = (message: string, id?: RequestId) =>
  new ModernProtocolError(400, ERROR_CODES.invalidRequest, `Invalid request: ${message}`, id);

export const methodNotFound = (method: string, id?: RequestId) =>
  new ModernProtocolError(404, ERROR_CODES.methodNotFound, `Method not found: ${method}`, id);
