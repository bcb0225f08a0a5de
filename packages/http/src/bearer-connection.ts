import type { ConnectorPrincipal, Scope, Workspace } from "@connector/core";
import type { ProofOfPossession } from "./dpop-request.js";

/**
 * A connection a bearer token proved, as plain data: who it acts for, what it may do, when it
 * ends, and where a client learns how to get a better token (for the challenge of a refusal).
 */
export interface BearerConnection {
  principal: ConnectorPrincipal;
  scopes: readonly Scope[];
  /** When the access token expires, in seconds since the epoch. */
  expiresAt: number;
  /** The protected-resource metadata URL of the workspace (RFC 9728), named in every challenge. */
  resourceMetadataUrl: string;
  /**
   * Set when the resource accepts DPoP (RFC 9449): the algorithms its challenges name, and whether
   * this request proved possession of the token's key (its refusals are then said in the DPoP scheme).
   */
  dpop?: { algs: readonly string[]; proven: boolean } | undefined;
  /** Headers every answer to this request carries (the next DPoP nonce, `DPoP-Nonce`). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The one bearer interface of the service: the `Authorization` header of a request to a workspace
 * → the connection behind it. Implemented by @connector/auth (`createBearerGuard`); throws a
 * `BearerError` (401, with its `WWW-Authenticate` challenge) when there is none. `proof` is what the
 * request offers for a DPoP-bound token (RFC 9449 §7); without it only Bearer tokens can pass.
 */
export type BearerAuthenticator = (
  authorization: string | undefined,
  workspace: Workspace,
  proof?: ProofOfPossession,
) => Promise<BearerConnection>;
