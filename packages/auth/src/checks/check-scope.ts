import { isScope, type Scope, SCOPES, type Workspace } from "@connector/core";
import { ALL_SCOPES, scopesOfWorkspace } from "@connector/core/policy";
import { InvalidScopeError } from "../errors/oauth-error.js";

/** Scopes in catalogue order without duplicates, so stored and returned scope strings are stable. */
export function canonicalScopes(scopes: Iterable<Scope>): Scope[] {
  const set = new Set(scopes);
  return ALL_SCOPES.filter((scope) => set.has(scope));
}

/**
 * Authorization request scopes (spec §5.1.6–7): only scopes of the bound workspace. An omitted
 * scope asks for every scope of the workspace; the person can still untick some at consent.
 * @see RFC 6749 §3.3
 */
export function checkRequestedScopes(requested: readonly string[], workspace: Workspace): Scope[] {
  if (requested.length === 0) return scopesOfWorkspace(workspace);
  for (const scope of requested) {
    if (!isScope(scope)) throw new InvalidScopeError(`Unknown scope: ${scope.slice(0, 40)}.`);
    if (SCOPES[scope].workspace !== workspace) {
      throw new InvalidScopeError(`The scope ${scope} does not belong to the ${workspace} workspace.`);
    }
  }
  return canonicalScopes(requested as Scope[]);
}

/**
 * Refresh request scopes: may shrink, never grow. An omitted scope means everything the refresh
 * token carries. @see RFC 6749 §6
 */
export function checkNarrowedScopes(requested: readonly string[], granted: readonly Scope[]): Scope[] {
  if (requested.length === 0) return [...granted];
  for (const scope of requested) {
    if (!isScope(scope) || !granted.includes(scope)) {
      throw new InvalidScopeError("The requested scope exceeds the scope originally granted.");
    }
  }
  return canonicalScopes(requested as Scope[]);
}
