import { buildToolCatalogue, type ToolCatalogue, toolsGrantedTo, type Workspace } from "@connector/core";
import { readOnlyScopes } from "@connector/core/policy";
import { CATALOGUES, type MessageKey, message } from "@connector/ui";

let catalogue: ToolCatalogue | undefined;

/**
 * A tool's title in the reader's language: the catalogue's `oauth.tool.<name>`. Core's own title
 * (English, what `tools/list` shows agents) when the catalogue has no key for a new tool; the page
 * test renders every tool of core's catalogue, so a missing key fails there first.
 */
export function toolTitle(tool: { name: string; title: string }): string {
  const key = `oauth.tool.${tool.name}`;
  return Object.hasOwn(CATALOGUES.en, key) ? message(key as MessageKey) : tool.title;
}

/** Every tool of core's catalogue (for the test that each has a title in every language). */
export function allTools(): readonly { name: string; title: string }[] {
  catalogue ??= buildToolCatalogue();
  return catalogue.tools;
}

/**
 * What a read-only connection of `workspace` leaves an agent, by the tools' titles in the reader's
 * language: core's one rule (`toolsGrantedTo`), the same list `tools/list` shows such a connection.
 * The catalogue is built on first use, once per process.
 */
export function readOnlyToolTitles(workspace: Workspace): string[] {
  catalogue ??= buildToolCatalogue();
  return toolsGrantedTo(catalogue, workspace, readOnlyScopes(workspace)).map(toolTitle);
}

/** Whether consent offers "Allow read only": the app asked to read and for more than reading. */
export function offersReadOnly(workspace: Workspace, requested: readonly string[]): boolean {
  const readOnly = readOnlyScopes(workspace);
  return readOnly.every((scope) => requested.includes(scope)) && requested.some((scope) => !readOnly.includes(scope as never));
}
