/**
 * The `WWW-Authenticate` challenge of a protected MCP or REST resource.
 * - `resource_metadata` always, so a client can discover the authorization server (RFC 9728 §5.1).
 * - `error="invalid_token"` only when a token was sent (RFC 6750 §3.1: a request without
 *   credentials gets no error code).
 * - `error="insufficient_scope"` with the `scope` needed on 403 (RFC 6750 §3.1).
 */
export function bearerChallenge(
  resourceMetadataUrl: string,
  error?: { code: "invalid_token" } | { code: "insufficient_scope"; scope: string },
): string {
  const parts = [`resource_metadata="${resourceMetadataUrl}"`];
  if (error !== undefined) parts.push(`error="${error.code}"`);
  if (error?.code === "insufficient_scope") parts.push(`scope="${error.scope}"`);
  return `Bearer ${parts.join(", ")}`;
}
