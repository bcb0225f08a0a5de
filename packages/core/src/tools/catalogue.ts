import { z } from "zod";
import type { Workspace } from "../policy/workspaces.js";
import { createPlacementDraftTool } from "./desk/create-placement-draft.js";
import { getCaseStatusTool } from "./desk/get-case-status.js";
import { listAccountsTool } from "./desk/list-accounts.js";
import { listPaymentRecordsTool } from "./desk/list-payment-records.js";
import { listPlacementDraftsTool } from "./desk/list-placement-drafts.js";
import { createConsumerRequestDraftTool } from "./resolve/create-consumer-request-draft.js";
import { getResolveGuideTool } from "./resolve/get-resolve-guide.js";
import { listConsumerRequestsTool } from "./resolve/list-consumer-requests.js";
import { relayApprovedOfferTool } from "./resolve/relay-approved-offer.js";
import { getConnectorCapabilitiesTool } from "./shared/get-connector-capabilities.js";
import { getDraftStatusTool } from "./shared/get-draft-status.js";
import type { AnyToolDefinition } from "./tool-definition.js";

export type JsonSchemaObject = Record<string, unknown>;

/** A tool with its JSON Schemas computed once, at start, for MCP listings and OpenAPI. */
export interface CatalogueEntry extends AnyToolDefinition {
  inputJsonSchema: JsonSchemaObject;
  outputJsonSchema: JsonSchemaObject;
}

export interface ToolCatalogue {
  readonly tools: readonly CatalogueEntry[];
  forWorkspace(workspace: Workspace): readonly CatalogueEntry[];
  find(workspace: Workspace, name: string): CatalogueEntry | undefined;
}

/** Spec §4.1: eleven tools; capabilities and draft status exist in both workspaces. */
export const TOOL_DEFINITIONS: readonly AnyToolDefinition[] = [
  getConnectorCapabilitiesTool("desk"),
  getDraftStatusTool("desk"),
  listAccountsTool,
  getCaseStatusTool,
  listPaymentRecordsTool,
  createPlacementDraftTool,
  listPlacementDraftsTool,
  getConnectorCapabilitiesTool("resolve"),
  getDraftStatusTool("resolve"),
  getResolveGuideTool,
  createConsumerRequestDraftTool,
  listConsumerRequestsTool,
  relayApprovedOfferTool,
] as readonly AnyToolDefinition[];

function toJsonSchema(schema: z.ZodType): JsonSchemaObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12" }) as JsonSchemaObject;
  return rest;
}

export function buildToolCatalogue(definitions: readonly AnyToolDefinition[] = TOOL_DEFINITIONS): ToolCatalogue {
  const tools = definitions.map((definition) => ({
    ...definition,
    inputJsonSchema: toJsonSchema(definition.inputSchema),
    outputJsonSchema: toJsonSchema(definition.outputSchema),
  }));
  const byWorkspace = new Map<Workspace, CatalogueEntry[]>();
  // Found on every call: one map per workspace, so a lookup builds no key string.
  const byName = new Map<Workspace, Map<string, CatalogueEntry>>();
  for (const tool of tools) {
    byWorkspace.set(tool.workspace, [...(byWorkspace.get(tool.workspace) ?? []), tool]);
    byName.set(tool.workspace, (byName.get(tool.workspace) ?? new Map()).set(tool.name, tool));
  }
  return {
    tools,
    forWorkspace: (workspace) => byWorkspace.get(workspace) ?? [],
    find: (workspace, name) => byName.get(workspace)?.get(name),
  };
}
