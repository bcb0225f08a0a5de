import { type Workspace, WORKSPACES } from "@connector/core";
import { workspaceOfScopes, workspaceResource } from "@connector/core/policy";
import { InvalidTargetError } from "../errors/oauth-error.js";

export interface ResourceBinding {
  workspace: Workspace;
  /** The exact MCP URL of the workspace, which tokens are bound to. */
  resource: string;
}

/**
 * Spec §5.1.5 and RFC 8707 §2: `resource` is the exact MCP URL of one workspace. It may be omitted
 * only when the requested scopes belong to exactly one workspace; that workspace is then used.
 */
export function checkAuthorizationResource(
  baseUrl: string,
  resource: string | undefined,
  requestedScopes: readonly string[],
): ResourceBinding {
  if (resource !== undefined) {
    const workspace = WORKSPACES.find((candidate) => workspaceResource(baseUrl, candidate) === resource);
    if (workspace === undefined) {
      throw new InvalidTargetError(
        `The resource must be ${workspaceResource(baseUrl, "desk")} or ${workspaceResource(baseUrl, "resolve")}.`,
      );
    }
    return { workspace, resource };
  }
  const workspace = workspaceOfScopes(requestedScopes);
  if (workspace === undefined) {
    throw new InvalidTargetError("The resource parameter is required unless every requested scope belongs to one workspace.");
  }
  return { workspace, resource: workspaceResource(baseUrl, workspace) };
}

/**
 * At the token endpoint the grant already carries its binding: a `resource` that is sent must be
 * that one, and an omitted one means it (spec §5.1.5).
 * @see RFC 8707 §2.2
 */
export function checkTokenResource(grantResource: string, resource: string | undefined): void {
  if (resource !== undefined && resource !== grantResource) {
    throw new InvalidTargetError("The resource does not match the one this grant was authorized for.");
  }
}
