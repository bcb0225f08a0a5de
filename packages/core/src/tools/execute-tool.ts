import { ServiceError } from "../errors/service-error.js";
import { assertNoForbiddenPersonalData } from "../guard/personal-data-guard.js";
import type { ConnectorPrincipal } from "../ports/connector-principal.js";
import type { UnitOfWork } from "../ports/domain-stores.js";
import type { Workspace } from "../policy/workspaces.js";
import type { ToolCatalogue } from "./catalogue.js";
import { invalidInputError } from "./input-error.js";

/** What stays the same for every call: built once by the host. */
export interface ToolRuntime {
  catalogue: ToolCatalogue;
  stores: UnitOfWork;
  baseUrl: string;
  now?: () => Date;
  /** Told of every failure that is not the caller's fault (500s and outages), for the host's logs. */
  reportError?: (error: unknown) => void;
}

export interface ToolCall {
  workspace: Workspace;
  toolName: string;
  arguments: unknown;
  principal: ConnectorPrincipal;
}

/**
 * The one path every connector call takes, whichever adapter received it:
 * find the tool, check workspace and scope, validate, refuse personal data, run.
 */
export async function executeTool(runtime: ToolRuntime, call: ToolCall): Promise<unknown> {
  const tool = runtime.catalogue.find(call.workspace, call.toolName);
  if (tool === undefined) {
    throw new ServiceError("unknown_tool", `There is no tool named ${call.toolName} in the ${call.workspace} workspace.`);
  }
  if (call.principal.workspace !== call.workspace) {
    throw new ServiceError("wrong_workspace", `This connection is for ${call.principal.workspace}, not ${call.workspace}.`);
  }
  if (!call.principal.scopes.includes(tool.scope)) {
    throw new ServiceError("insufficient_scope", `${tool.name} needs the ${tool.scope} permission.`);
  }
  const parsed = tool.inputSchema.safeParse(call.arguments);
  if (!parsed.success) throw invalidInputError(parsed.error);
  // After the schema, so a field of the wrong shape is reported as invalid input, not as personal data.
  assertNoForbiddenPersonalData(parsed.data);
  return tool.handler(parsed.data, {
    principal: call.principal,
    stores: runtime.stores,
    catalogue: runtime.catalogue,
    baseUrl: runtime.baseUrl.replace(/\/+$/, ""),
    now: runtime.now ?? (() => new Date()),
  });
}
