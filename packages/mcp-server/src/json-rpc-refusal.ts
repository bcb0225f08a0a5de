/**
 * A refusal of a whole POST in JSON-RPC's own words, written by the route (the SDK writes its own):
 * the HTTP status, and an error object without an id, since no single request is being answered.
 */
export class JsonRpcRefusal extends Error {
  constructor(
    readonly status: 400,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  toJSON(): { jsonrpc: "2.0"; error: { code: number; message: string } } {
    return { jsonrpc: "2.0", error: { code: this.code, message: this.message } };
  }
}

/** JSON-RPC's "Invalid Request". */
const INVALID_REQUEST = -32600;

/**
 * One POST, one call, one count against the connection's limit (spec §8: 120 calls a minute). None
 * of the revisions this service offers defines JSON-RPC batches: 2025-06-18 removed them, 2025-11-25
 * and 2026-07-28 have none. The SDK would still answer up to 100 requests in one array, counted once.
 */
export function refuseBatch(body: unknown): void {
  if (Array.isArray(body)) {
    throw new JsonRpcRefusal(400, INVALID_REQUEST, "JSON-RPC batches are not accepted here: send one request per POST.");
  }
}
