export { baseHeaders, HSTS_VALUE } from "./base-headers.js";
export { bearerChallenge, type ChallengeError } from "./bearer-challenge.js";
export type { BearerAuthenticator, BearerConnection } from "./bearer-connection.js";
export { BearerError, type BearerErrorCode } from "./bearer-error.js";
export { challengeWithDpop, connectionChallenge, type DpopChallenge, type DpopChallengeError } from "./dpop-challenge.js";
export { type ProofOfPossession, proofOfPossession } from "./dpop-request.js";
export {
  type AdmittedConnection,
  admitConnection,
  admitTool,
  type ConnectorGate,
  requireScope,
  requireToolScope,
  type ScopeRefusalTrail,
} from "./connector-request.js";
export { preferredLanguage } from "./accept-language.js";
export { compressedBodyRefusal, refuseContentEncoding } from "./content-encoding.js";
export { readCookie } from "./cookie.js";
export { localPath } from "./local-path.js";
export { bearerCors, type CorsMiddleware, mcpCors } from "./cross-origin.js";
export {
  asServiceError,
  type ErrorResponse,
  isServerFailure,
  reportUnexpected,
  toErrorResponse,
  UNAVAILABLE_RETRY_SECONDS,
  writeErrorResponse,
} from "./error-response.js";
export { formBody, readFormBody } from "./form-body.js";
export { type JsonResponseWriter, sendJson, sendJsonText, setHeaders } from "./json-response.js";
export { refuseNulInAddress } from "./nul-in-address.js";
export { rateLimitHeaders } from "./rate-limit-headers.js";
export { MAX_REQUEST_BYTES, type ReadJsonBodyOptions, readJsonBody } from "./read-json-body.js";
export { assignRequestId, chooseRequestId, REQUEST_ID_HEADER, requestIdOf, requestIds } from "./request-id.js";
export { closeAfterUnreadBody, refuseDeclaredOversize } from "./unread-body.js";
