export const WORKSPACES = ["desk", "resolve"] as const;
export type Workspace = (typeof WORKSPACES)[number];

export function isWorkspace(value: string): value is Workspace {
  return (WORKSPACES as readonly string[]).includes(value);
}

/** The MCP URL of a workspace is the OAuth `resource` its tokens are bound to (spec §5.1.5). */
export function workspaceResource(baseUrl: string, workspace: Workspace): string {
  return `${baseUrl.replace(/\/+$/, "")}/mcp/${workspace}`;
}
