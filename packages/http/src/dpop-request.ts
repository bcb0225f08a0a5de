/**
 * What a request offers beside its `Authorization` header to prove it holds the key its token is bound
 * to (RFC 9449 §7): the `DPoP` header, and the method and path the proof must name. Read from the
 * HTTP request by the adapter; the authenticator checks it against the address it publishes.
 */
export interface ProofOfPossession {
  /** The `DPoP` header as received (absent, or several: refused). */
  dpop: string | readonly string[] | undefined;
  method: string;
  /** The request's path, without its query. */
  path: string;
}

/** The proof parts of a Node/Express request (`originalUrl` when a router mounted it, else `url`). */
export function proofOfPossession(request: {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  originalUrl?: string;
  url?: string;
}): ProofOfPossession {
  const target = request.originalUrl ?? request.url ?? "/";
  const query = target.indexOf("?");
  return { dpop: request.headers.dpop, method: request.method, path: query === -1 ? target : target.slice(0, query) };
}
