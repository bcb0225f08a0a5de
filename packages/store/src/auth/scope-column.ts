import { isScope, type Scope } from "@connector/core";

/** Scopes are stored as the OAuth scope string; unknown words (a scope later retired) are dropped on read. */
export function encodeScopes(scopes: readonly Scope[]): string {
  return scopes.join(" ");
}

export function decodeScopes(column: string): Scope[] {
  return column.split(" ").filter(isScope);
}
