import { type ConnectorPrincipal, ServiceError } from "@connector/core";

/**
 * How this host knows who is calling: the request in, the connection it stands for out; undefined when
 * the request names nobody (the host answers 401), or a thrown ServiceError when it names someone wrongly.
 */
export type PrincipalOf = (request: Request) => Promise<ConnectorPrincipal | undefined>;

/** One person's key and what it may do: the host decides both; core only reads the principal. */
export interface ApiKeyEntry {
  key: string;
  principal: ConnectorPrincipal;
}

/**
 * The host's own authentication, one of many a host could choose (a session, a proxy's header, an
 * OAuth server): `Authorization: Bearer <key>` names a fixed principal. Keys are kept and looked up
 * by their SHA-256 digest (Web Crypto, so it runs wherever Hono runs), never as the plain secret, so
 * the lookup does not compare the secret a character at a time.
 */
export async function apiKeyPrincipals(entries: readonly ApiKeyEntry[]): Promise<PrincipalOf> {
  const byDigest = new Map<string, ConnectorPrincipal>();
  for (const entry of entries) byDigest.set(await digestOf(entry.key), entry.principal);
  return async (request) => {
    const key = bearerKeyOf(request.headers.get("authorization"));
    if (key === undefined) return undefined;
    const principal = byDigest.get(await digestOf(key));
    if (principal === undefined) throw new ServiceError("invalid_api_key", "This API key is unknown to this host.");
    return principal;
  };
}

function bearerKeyOf(header: string | null): string | undefined {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

async function digestOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
