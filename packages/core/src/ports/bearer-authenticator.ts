import type { Scope } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";
import type { ConnectorPrincipal } from "./connector-principal.js";

export interface AuthenticatedConnection {
  principal: ConnectorPrincipal;
  /** When the access token expires, in seconds since the epoch. */
  expiresAt: number;
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
