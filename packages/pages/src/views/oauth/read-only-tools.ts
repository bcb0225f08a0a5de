import { buildToolCatalogue, type ToolCatalogue, toolsGrantedTo, type Workspace } from "@connector/core";
import { readOnlyScopes } from "@connector/core/policy";

let catalogue: ToolCatalogue | undefined;

/**
 * What a read-only connection of `workspace` leaves an agent, by the tools' own titles: core's one
 * rule (`toolsGrantedTo`), the same list `tools/list` shows such a connection. The catalogue is
 * built on first use, once per process.
 */
export function readOnlyToolTitles(workspace: Workspace): string[] {
  catalogue ??= buildToolCatalogue();
  return toolsGrantedTo(catalogue, workspace, readOnlyScopes(workspace)).map((tool) => tool.title);
}

/** Whether consent offers "Allow read only": the app asked to read and for more than reading. */
export function offersReadOnly(workspace: Workspace, requested: readonly string[]): boolean {
  const readOnly = readOnlyScopes(workspace);
  return readOnly.every((scope) => requested.includes(scope)) && requested.some((scope) => !readOnly.includes(scope as never));
}
