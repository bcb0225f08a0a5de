/** What a refused token is told in its challenge: RFC 6750 §3.1's code and a description a developer can act on. */
export type ChallengeError =
  | { code: "invalid_token"; description: string }
  | { code: "insufficient_scope"; scope: string; description: string };

/**
 * The `WWW-Authenticate` challenge of a protected MCP or REST resource.
 * - `resource_metadata` always, so a client can discover the authorization server (RFC 9728 §5.1).
 * - `error="invalid_token"` only when a token was sent (RFC 6750 §3.1: a request without
 *   credentials gets no error code).
 * - `error="insufficient_scope"` with the `scope` needed on 403 (RFC 6750 §3.1).
 * - `error_description` with every error, so a client reading only the challenge (as MCP clients
 *   do) can tell a token for the other workspace from an expired one (RFC 6750 §3: printable
 *   ASCII without `"` or `\`; anything else is dropped rather than sent malformed).
 */
export function bearerChallenge(resourceMetadataUrl: string, error?: ChallengeError): string {
  const parts = [`resource_metadata="${resourceMetadataUrl}"`];
  if (error !== undefined) parts.push(`error="${error.code}"`);
  if (error?.code === "insufficient_scope") parts.push(`scope="${error.scope}"`);
  if (error !== undefined) parts.push(`error_description="${error.description.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, "")}"`);
  return `Bearer ${parts.join(", ")}`;
}
