import type { CatalogueEntry, ToolCatalogue, Workspace } from "@connector/core";
import type { Tool } from "@modelcontextprotocol/server";

function toMcpTool(tool: CatalogueEntry): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputJsonSchema as Tool["inputSchema"],
    outputSchema: tool.outputJsonSchema as Tool["outputSchema"],
    annotations: {
      title: tool.title,
      readOnlyHint: tool.access === "read",
      destructiveHint: false,
      // Draft tools dedupe on idempotencyKey, so repeating a call with the same arguments is safe.
      idempotentHint: true,
      openWorldHint: false,
    },
  };
}

/** The `tools/list` answer of each workspace, computed once at start (not per request). */
export function buildToolListings(catalogue: ToolCatalogue): Record<Workspace, Tool[]> {
  return {
    desk: catalogue.forWorkspace("desk").map(toMcpTool),
    resolve: catalogue.forWorkspace("resolve").map(toMcpTool),
  };
}
