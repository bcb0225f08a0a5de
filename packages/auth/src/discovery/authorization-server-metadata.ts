import { ALL_SCOPES } from "@connector/core/policy";
import { DPOP_ALGORITHMS } from "../dpop/dpop-algorithms.js";
import { ENDPOINT_PATHS } from "./endpoints.js";

/**
 * RFC 8414 §2 authorization server metadata, served at `/.well-known/oauth-authorization-server`
 * (spec §4.2). The issuer is the base URL, so RFC 8414 §3's path insertion yields that path.
 * Values follow what is actually enforced: code flow, S256 only, public clients only, `iss` in
 * responses (RFC 9207 §3), client ID metadata documents (draft-ietf-oauth-client-id-metadata-document
 * "Authorization Server Metadata"; MCP 2026-07-28 "Advertising CIMD Support") beside the
 * registration endpoint, which MCP 2026-07-28 deprecates but keeps for older clients, and DPoP
 * (RFC 9449 §5.1: the proof algorithms accepted at the token endpoint).
 */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}${ENDPOINT_PATHS.authorization}`,
    token_endpoint: `${issuer}${ENDPOINT_PATHS.token}`,
    registration_endpoint: `${issuer}${ENDPOINT_PATHS.registration}`,
    revocation_endpoint: `${issuer}${ENDPOINT_PATHS.revocation}`,
    scopes_supported: [...ALL_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
  };
}
