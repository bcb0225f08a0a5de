/** `@connector/core/policy`: Workspaces, scopes and the never-list. */
export { WORKSPACES, isWorkspace, workspaceResource, type Workspace } from "../policy/workspaces.js";
export {
  SCOPES,
  ALL_SCOPES,
  isScope,
  requiredScope,
  scopesOfWorkspace,
  workspaceOfScopes,
  parseScopeString,
  readOnlyScopes,
  isReadOnly,
  type Scope,
  type ToolAccess,
} from "../policy/scopes.js";
export { UNAVAILABLE_ACTIONS, type UnavailableAction } from "../policy/never-list.js";
