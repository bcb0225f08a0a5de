import type { Scope } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";
import type { CatalogueEntry, ToolCatalogue } from "./catalogue.js";

/**
 * The tools of `workspace` a connection with `scopes` may call: the one rule behind
 * get_connector_capabilities' `tools`, MCP's `tools/list` and what consent says a choice of scopes
 * leaves. Calls are still checked one by one (the gate's 403 `insufficient_scope`); this only says
 * which tools to show.
 */
export function toolsGrantedTo(catalogue: ToolCatalogue, workspace: Workspace, scopes: readonly Scope[]): CatalogueEntry[] {
  return catalogue.forWorkspace(workspace).filter((tool) => scopes.includes(tool.scope));
}
