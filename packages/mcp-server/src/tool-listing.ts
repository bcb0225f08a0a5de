import { type CatalogueEntry, type Scope, type ToolCatalogue, toolsGrantedTo, type Workspace, WORKSPACES } from "@connector/core";
import { toolIcons, type WorkspaceCards } from "@connector/mcp-apps";
import type { Tool } from "@modelcontextprotocol/server";

function toMcpTool(tool: CatalogueEntry, baseUrl: string, cards: WorkspaceCards): Tool {
  const ui = cards.toolMeta(tool.name);
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputJsonSchema as Tool["inputSchema"],
    outputSchema: tool.outputJsonSchema as Tool["outputSchema"],
    icons: toolIcons(baseUrl, tool.workspace, tool.name),
    annotations: {
      title: tool.title,
      readOnlyHint: tool.access === "read",
      destructiveHint: false,
      // Draft tools dedupe on idempotencyKey, so repeating a call with the same arguments is safe.
      idempotentHint: true,
      openWorldHint: false,
    },
    // MCP Apps: the card that shows this tool's result. Always listed: the servers are stateless, so a
    // `tools/list` after `initialize` cannot know what that handshake declared, and a client without
    // the extension ignores `_meta` it does not know (the extension's "text-only fallback").
    ...(ui === undefined ? {} : { _meta: ui }),
  };
}

/** A workspace's `tools/list` answers, each tool's entry computed once at start (not per request). */
export interface ToolListing {
  /** The tools a connection with `scopes` may call: the only ones it is shown (see docs/developer-guide.md, "Scopes and tools/list"). */
  forScopes(scopes: readonly Scope[]): Tool[];
}

export function buildToolListings(
  catalogue: ToolCatalogue,
  baseUrl: string,
  cards: Record<Workspace, WorkspaceCards>,
): Record<Workspace, ToolListing> {
  const listing = (workspace: Workspace): ToolListing => {
    const tools = new Map(catalogue.forWorkspace(workspace).map((entry) => [entry.name, toMcpTool(entry, baseUrl, cards[workspace])]));
    return { forScopes: (scopes) => toolsGrantedTo(catalogue, workspace, scopes).map((entry) => tools.get(entry.name)!) };
  };
  return Object.fromEntries(WORKSPACES.map((workspace) => [workspace, listing(workspace)])) as Record<Workspace, ToolListing>;
}
