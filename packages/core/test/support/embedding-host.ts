import {
  buildToolCatalogue,
  type ConnectorPrincipal,
  type ErrorBody,
  executeTool,
  resolveTool,
  ServiceError,
  toServiceError,
  type ToolRuntime,
  type ToolStores,
} from "@connector/core";

// 1. Once, at start: the catalogue (built once; JSON Schemas computed here) and the runtime.
//    `stores` is what the tools read and write (`ToolStores`, one small port per need):
//    @connector/store's createToolStores(database), or your own.
export function createRuntime(stores: ToolStores, baseUrl: string): ToolRuntime {
  return { catalogue: buildToolCatalogue(), stores, baseUrl };
}

export interface HostAnswer {
  status: number;
  body: unknown;
}

// 2. Per call: your host authenticates the caller (session, API key, OAuth token…) and supplies the
//    principal, or undefined when the caller is not signed in. Core trusts it as given.
export async function callTool(
  runtime: ToolRuntime,
  principal: ConnectorPrincipal | undefined,
  request: { workspace: string; tool: string; arguments: unknown },
): Promise<HostAnswer> {
  try {
    if (principal === undefined) {
      throw new ServiceError("connection_required", `Connect the ${request.workspace} workspace first.`);
    }
    // 3. Resolve the tool (404 unknown_tool), then check the principal may call it.
    const tool = resolveTool(runtime.catalogue, request.workspace, request.tool);
    if (principal.workspace !== tool.workspace) {
      throw new ServiceError("wrong_workspace", `This connection is for ${principal.workspace}, not ${tool.workspace}.`);
    }
    if (!principal.scopes.includes(tool.scope)) {
      throw new ServiceError("insufficient_scope", `This connection lacks the ${tool.scope} permission.`);
    }
    // 4. Execute: core validates, refuses personal data, runs the tool and returns its result.
    return { status: 200, body: await executeTool(runtime, { tool, arguments: request.arguments, principal }) };
  } catch (error) {
    // 5. Answer errors: every failure becomes a ServiceError with a stable code and status;
    //    anything unexpected is an opaque 500 (log `error` yourself, never send it).
    const failure = toServiceError(error);
    const body: ErrorBody = failure.toBody();
    return { status: failure.status, body };
  }
}
