import type { ConnectorPrincipal, Scope, Workspace } from "@connector/core";

export interface AuthenticatedConnection {
  principal: ConnectorPrincipal;
  /** When the access token expires, in seconds since the epoch. */
  expiresAt: number;
  /**
   * Refuses (403 with the `WWW-Authenticate` challenge naming the scope) unless the connection
   * holds `scope`. For a request whose scope is known only once its body is read (MCP).
   */
  requireScope(scope: Scope): void;
}

/**
 * What the adapters see of authorization: a function from the `Authorization` header to the
 * connection behind it. It throws a ServiceError (401/403) whose headers carry the
 * `WWW-Authenticate` challenge. `requiredScope` undefined means any scope of the workspace.
 */
export type BearerAuthenticator = (
  authorization: string | undefined,
  workspace: Workspace,
  requiredScope: Scope | undefined,
) => Promise<AuthenticatedConnection>;
