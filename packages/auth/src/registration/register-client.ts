import { newId } from "@connector/core/domain";
import { findNulCharacter } from "@connector/core/guard";
import { isoAt } from "../clock.js";
import { checkRegistrableRedirectUri } from "../checks/check-redirect-uri.js";
import type { AuthContext } from "../context.js";
import { checkClientName } from "./check-client-name.js";
import { InvalidClientMetadataError, InvalidRedirectUriError } from "../errors/oauth-error.js";

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const SUPPORTED_GRANT_TYPES = ["authorization_code", "refresh_token"];
const SUPPORTED_RESPONSE_TYPES = ["code"];

/** RFC 7591 §3.2.1 client information response. No secret: every client is public. */
export interface ClientInformationResponse {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: "none";
  /** RFC 9449 §5.2, echoed when the client asked for it: every token request must carry a DPoP proof. */
  dpop_bound_access_tokens?: true;
}

/**
 * Dynamic client registration, public clients only (spec §5.1.3).
 * - `token_endpoint_auth_method` must be `none`; omitted is read as `none` and echoed back so the
 *   client learns it (RFC 7591 §3.2.1 lets the server replace requested values).
 * - A `client_id` cannot be chosen here: a client that has its own (a client ID metadata
 *   document URL) sends it to the authorization endpoint instead (client-metadata/).
 * - Unknown metadata is ignored (RFC 7591 §2).
 * @see RFC 7591 §2, §3.1, §3.2
 */
export async function registerClient(context: AuthContext, body: unknown): Promise<ClientInformationResponse> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidClientMetadataError("The registration request must be a JSON object.");
  }
  const metadata = body as Record<string, unknown>;
  if (metadata.client_id !== undefined || metadata.client_id_metadata_document !== undefined) {
    throw new InvalidClientMetadataError(
      "Register without a client_id. A client with a client ID metadata document sends its URL as client_id to the authorization endpoint and does not register.",
    );
  }
  const { clientName, redirectUris, grantTypes, responseTypes, dpopBoundAccessTokens } = checkClientMetadata(metadata);

  const now = context.now();
  const clientId = newId(now);
  await context.stores.clients.create({ clientId, clientName, redirectUris, createdAt: isoAt(now), ...(dpopBoundAccessTokens ? { dpopBoundAccessTokens } : {}) });
  context.logger.info({ clientId, clientName }, "client registered");
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(now / 1000),
    client_name: clientName,
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    response_types: responseTypes,
    token_endpoint_auth_method: "none",
    ...(dpopBoundAccessTokens ? { dpop_bound_access_tokens: true as const } : {}),
  };
}

/** The metadata a public client is known by, whichever way it registered. */
export interface CheckedClientMetadata {
  clientName: string;
  redirectUris: string[];
  grantTypes: string[];
  responseTypes: string[];
  /** RFC 9449 §5.2 `dpop_bound_access_tokens`: the token endpoint refuses this client's requests without a DPoP proof. */
  dpopBoundAccessTokens: boolean;
}

/**
 * The one check of client metadata, for dynamic registration and for client ID metadata
 * documents alike (client-metadata/), so a rule on names or redirect URIs applies to both:
 * public client (`token_endpoint_auth_method` none), a name, registrable redirect URIs, and only
 * the grant and response types this server supports. Unknown metadata is ignored (RFC 7591 §2).
 */
export function checkClientMetadata(metadata: Record<string, unknown>): CheckedClientMetadata {
  // PostgreSQL cannot store U+0000; no metadata value needs it (refused alike on every database).
  const withNul = findNulCharacter(metadata);
  if (withNul !== undefined) throw new InvalidClientMetadataError(`${withNul} contains a NUL character (U+0000).`);
  const authMethod = metadata.token_endpoint_auth_method ?? "none";
  if (authMethod !== "none") {
    throw new InvalidClientMetadataError("Only public clients are supported: token_endpoint_auth_method must be none.");
  }
  return {
    clientName: checkClientName(metadata.client_name),
    redirectUris: checkRedirectUris(metadata.redirect_uris),
    grantTypes: checkSubset(metadata.grant_types, SUPPORTED_GRANT_TYPES, ["authorization_code", "refresh_token"], "grant_types"),
    responseTypes: checkSubset(metadata.response_types, SUPPORTED_RESPONSE_TYPES, ["code"], "response_types"),
    dpopBoundAccessTokens: checkDpopBoundAccessTokens(metadata.dpop_bound_access_tokens),
  };
}

/** RFC 9449 §5.2: a boolean, false when omitted. */
function checkDpopBoundAccessTokens(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw new InvalidClientMetadataError("dpop_bound_access_tokens must be true or false.");
  return value;
}

function checkRedirectUris(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new InvalidRedirectUriError("redirect_uris must be a non-empty array.");
  }
  if (value.length > MAX_REDIRECT_URIS) {
    throw new InvalidRedirectUriError(`At most ${MAX_REDIRECT_URIS} redirect URIs may be registered.`);
  }
  for (const uri of value) {
    if (typeof uri !== "string" || uri.length > MAX_URI_LENGTH) {
      throw new InvalidRedirectUriError(`Each redirect URI must be a string of at most ${MAX_URI_LENGTH} characters.`);
    }
    checkRegistrableRedirectUri(uri);
  }
  return [...new Set(value as string[])];
}

function checkSubset(value: unknown, supported: string[], fallback: string[], field: string): string[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || !supported.includes(item))) {
    throw new InvalidClientMetadataError(`${field} may only contain ${supported.join(", ")}.`);
  }
  return [...new Set(value as string[])];
}
