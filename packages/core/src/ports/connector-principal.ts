import type { Scope } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";

/**
 * Who is calling a connector tool: the grant behind a verified access token (spec §2.6).
 * "This connection" in the spec is the grant: it survives token refresh.
 */
export interface ConnectorPrincipal {
  grantId: string;
  clientId: string;
  userId: string;
  workspace: Workspace;
  scopes: Scope[];
  /** Set for Desk grants: the desk the user belongs to. */
  deskId?: string;
  /** Set for Resolve grants: the consumer the user is. */
  consumerId?: string;
}
