import { echoedInput } from "../errors/echoed-input.js";
import { ServiceError } from "../errors/service-error.js";
import type { Workspace } from "../policy/workspaces.js";
import type { CatalogueEntry, ToolCatalogue } from "./catalogue.js";

/**
 * The one way to resolve a call: workspace and tool name → the tool (with the scope it needs),
 * or 404 `unknown_tool`. Adapters resolve once, check the scope once, and hand the tool to executeTool.
 */
export function resolveTool(catalogue: ToolCatalogue, workspace: string, toolName: string): CatalogueEntry {
  const tool = catalogue.find(workspace as Workspace, toolName);
  if (tool === undefined) {
    throw new ServiceError("unknown_tool", `There is no tool named "${echoedInput(toolName)}" in the ${workspace} workspace.`);
  }
  return tool;
}
