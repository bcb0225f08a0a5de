/**
 * `@connector/core`: what a host that embeds the connector needs, and nothing else. Build the
 * catalogue, authenticate a connection (the host supplies a `ConnectorPrincipal`), resolve the tool,
 * check the workspace and scope, execute it, and answer a failure with `ERROR_STATUS` and the
 * `ServiceError`'s body (see README.md). Everything else lives in a subpath named by concept
 * (`@connector/core/errors`, `/policy`, `/tools`, `/ports`, …), listed once in `src/entries/`; a
 * name here is re-exported from its subpath, so it has one home.
 */
export {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
  type ErrorStatus,
  isServiceError,
  ServiceError,
  toServiceError,
} from "./entries/errors.js";
export { isScope, isWorkspace, requiredScope, type Scope, SCOPES, type ToolAccess, type Workspace, WORKSPACES } from "./entries/policy.js";
export type { ConnectionActivityRecorder, ConnectorPrincipal, DomainStores, ToolStores, UnitOfWork } from "./entries/ports.js";
export {
  buildToolCatalogue,
  type CatalogueEntry,
  CONNECTOR_CONTRACT_VERSION,
  executeTool,
  type JsonSchemaObject,
  resolveTool,
  TOOL_DEFINITIONS,
  type ToolCall,
  type ToolCatalogue,
  type ToolRuntime,
  toolsGrantedTo,
} from "./entries/tools.js";
