import type { Workspace } from "./workspaces.js";

/** Spec §5.1.6: each workspace has independent read and draft scopes. */
export const SCOPES = {
  "desk:read": { workspace: "desk", meaning: "Read permitted Desk records" },
  "desk:drafts": { workspace: "desk", meaning: "Save Desk drafts for human review" },
  "resolve:read": { workspace: "resolve", meaning: "Read permitted Resolve records" },
  "resolve:drafts": { workspace: "resolve", meaning: "Save Resolve drafts for human review" },
} as const satisfies Record<string, { workspace: Workspace; meaning: string }>;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export type ToolAccess = "read" | "draft";

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

/** Spec §5.1.7: reads need the workspace's read scope, draft creation its drafts scope. */
export function requiredScope(workspace: Workspace, access: ToolAccess): Scope {
  return `${workspace}:${access === "read" ? "read" : "drafts"}` as Scope;
}

export function scopesOfWorkspace(workspace: Workspace): Scope[] {
  return ALL_SCOPES.filter((scope) => SCOPES[scope].workspace === workspace);
}

/**
 * "Read only" as one choice a person can make at consent or on the Connections screen: the workspace's
 * read scope alone, which leaves every read tool and no draft tool (see `toolsGrantedTo`).
 */
export function readOnlyScopes(workspace: Workspace): Scope[] {
  return [requiredScope(workspace, "read")];
}

/** Whether a set of scopes lets an agent read and nothing more (no draft scope of any workspace). */
export function isReadOnly(scopes: readonly string[]): boolean {
  return scopes.length > 0 && scopes.every((scope) => isScope(scope) && scope.endsWith(":read"));
}

/**
 * The single workspace a set of scopes belongs to, or undefined when they span both or none.
 * Used where a client may omit `resource` (spec §5.1.5).
 */
export function workspaceOfScopes(scopes: readonly string[]): Workspace | undefined {
  const workspaces = new Set(scopes.filter(isScope).map((scope) => SCOPES[scope].workspace));
  if (workspaces.size !== 1 || scopes.some((scope) => !isScope(scope))) return undefined;
  return [...workspaces][0];
}

export function parseScopeString(scope: string | null | undefined): string[] {
  return (scope ?? "").split(" ").filter((part) => part.length > 0);
}
