/**
 * Every error the service returns has one of these stable codes, each tied to the HTTP
 * status of spec §7 (connector) or the legacy interface. Codes never change meaning once released.
 */
export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_amount: 400,
  forbidden_personal_data: 400,
  unknown_tool: 404,
  invalid_token: 401,
  connection_required: 401,
  /** A live token of the other workspace: 401 as the MCP authorization rules answer a token not issued for this resource. */
  wrong_workspace: 401,
  /** RFC 9449 §7.1: the DPoP proof sent with a DPoP-bound token is missing, wrong or already used. */
  invalid_dpop_proof: 401,
  /** RFC 9449 §9: sign the proof again with the nonce in the `DPoP-Nonce` header. */
  use_dpop_nonce: 401,
  insufficient_scope: 403,
  forbidden_origin: 403,
  not_found: 404,
  idempotency_conflict: 409,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  // Back office and /api/v1 (docs/api-v1.md lists each with its meaning).
  authentication_required: 401,
  invalid_api_key: 401,
  csrf_failed: 403,
  desk_required: 403,
  consumer_required: 403,
  owner_required: 403,
  agreement_required: 403,
  agency_not_client: 403,
  agreement_version_mismatch: 409,
  draft_closed: 409,
  duplicate_reference: 409,
  reference_conflict: 409,
  workflow_run_busy: 409,
  run_not_cancellable: 409,
  service_unavailable: 503,
  // The Desk back office, part 2 (agency invites, routing doors).
  invalid_invite: 404,
  not_an_agency: 403,
  client_desk_required: 403,
  session_required: 403,
  routing_not_configured: 503,
  routing_timeout: 504,
  routing_failed: 502,
  llm_not_configured: 503,
  llm_timeout: 504,
  llm_failed: 502,
  // A CSV file placed in parts (issue 39).
  empty_file: 400,
  upload_incomplete: 409,
  chunk_conflict: 409,
  too_many_uploads: 409,
  // A file placed as a job (issue 47).
  placement_in_progress: 409,
  upload_placing: 409,
  preview_in_progress: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/**
 * The codes the connector answers with, over its REST tools and MCP (spec §7, and 503 when the store is
 * unavailable): what its published OpenAPI documents list, and so what the client SDK's code union is
 * (generated from them). The other codes are the back office's and /api/v1's only.
 */
export const CONNECTOR_ERROR_CODES = [
  "invalid_input",
  "invalid_amount",
  "forbidden_personal_data",
  "unknown_tool",
  "invalid_token",
  "connection_required",
  "wrong_workspace",
  "invalid_dpop_proof",
  "use_dpop_nonce",
  "insufficient_scope",
  "forbidden_origin",
  "not_found",
  "idempotency_conflict",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal_error",
  "service_unavailable",
] as const satisfies readonly ErrorCode[];

export type ConnectorErrorCode = (typeof CONNECTOR_ERROR_CODES)[number];
