import type { Workspace } from "@connector/core";
import { scopesOfWorkspace, workspaceResource } from "@connector/core/policy";
import { ENDPOINT_PATHS } from "./endpoints.js";

/**
 * RFC 9728 §3.1: the metadata of `{base}/mcp/{workspace}` lives at the well-known prefix
 * followed by the resource's path.
 */
export function protectedResourceMetadataUrl(baseUrl: string, workspace: Workspace): string {
  return `${baseUrl}${ENDPOINT_PATHS.protectedResourceMetadataPrefix}/mcp/${workspace}`;
}

/**
 * RFC 9728 §2 protected resource metadata for one workspace's MCP URL: which authorization server
 * issues its tokens and which scopes it understands (MCP authorization, "Authorization Server Location").
 */
export function protectedResourceMetadata(baseUrl: string, workspace: Workspace) {
  return {
    resource: workspaceResource(baseUrl, workspace),
    authorization_servers: [baseUrl],
    scopes_supported: scopesOfWorkspace(workspace),
    bearer_methods_supported: ["header"],
    resource_name: workspace === "desk" ? "Desk connector" : "Resolve connector",
  };
}
