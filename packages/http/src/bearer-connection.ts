import type { ConnectorPrincipal, Scope, Workspace } from "@connector/core";

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
}

/**
 * The one bearer interface of the service: the `Authorization` header of a request to a workspace
 * → the connection behind it. Implemented by @connector/auth (`createBearerGuard`); throws a
 * `BearerError` (401, with its `WWW-Authenticate` challenge) when there is none.
 */
export type BearerAuthenticator = (authorization: string | undefined, workspace: Workspace) => Promise<BearerConnection>;
