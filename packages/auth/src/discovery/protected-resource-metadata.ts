import type { Workspace } from "@connector/core";
import { scopesOfWorkspace, workspaceResource } from "@connector/core/policy";
import { DPOP_ALGORITHMS } from "../dpop/dpop-algorithms.js";
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
 * issues its tokens and which scopes it understands (MCP authorization, "Authorization Server Location"),
 * and that it takes DPoP proofs (RFC 9728 §2) without requiring them: Bearer clients keep working.
 */
export function protectedResourceMetadata(baseUrl: string, workspace: Workspace) {
  return {
    resource: workspaceResource(baseUrl, workspace),
    authorization_servers: [baseUrl],
    scopes_supported: scopesOfWorkspace(workspace),
    bearer_methods_supported: ["header"],
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
    dpop_bound_access_tokens_required: false,
    resource_name: workspace === "desk" ? "Desk connector" : "Resolve connector",
  };
}
