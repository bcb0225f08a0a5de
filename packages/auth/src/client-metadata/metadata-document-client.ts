import { InvalidClientError, isOAuthError } from "../errors/oauth-error.js";
import { checkClientMetadata } from "../registration/register-client.js";

/** What the service keeps of a client ID metadata document: only the fields it uses. */
export interface MetadataDocumentClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  /** The document says `dpop_bound_access_tokens: true` (RFC 9449 §5.2). */
  dpopBoundAccessTokens?: true;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A fetched document as the draft and MCP 2026-07-28 ("Client Registration") require it: a JSON
 * object whose `client_id` equals the URL it was fetched from by simple string comparison; no
 * shared secret (`client_secret`, secret-based auth methods: "Credential and Key Material
 * Restrictions"); and the metadata registration checks, through the same function
 * (`checkClientMetadata`), so names and redirect URIs follow one rule however a client arrives.
 * Its refusals are reworded as `invalid_client`: at the authorization endpoint the client, not
 * a registration request, is what is wrong.
 */
export function readMetadataDocument(clientId: string, body: unknown): MetadataDocumentClient {
  if (!isPlainObject(body)) throw refuse("it is not a JSON object.");
  if (body.client_id !== clientId) throw refuse("its client_id is not the URL it was fetched from.");
  if (body.client_secret !== undefined || body.client_secret_expires_at !== undefined) {
    throw refuse("it contains a client_secret, which a metadata document must not.");
  }
  try {
    const { clientName, redirectUris, dpopBoundAccessTokens } = checkClientMetadata(body);
    return { clientId, clientName, redirectUris, ...(dpopBoundAccessTokens ? { dpopBoundAccessTokens: true as const } : {}) };
  } catch (error) {
    if (isOAuthError(error)) throw refuse(error.description);
    throw error;
  }
}

const refuse = (reason: string) => new InvalidClientError(`The app's client ID metadata document was refused: ${reason}`);
