export { sendJson, setHeaders, type JsonResponseWriter } from "./json-response.js";
export { MAX_REQUEST_BYTES, readJsonBody } from "./read-json-body.js";
export {
  asServiceError,
  isServerFailure,
  reportUnexpected,
  toErrorResponse,
  UNAVAILABLE_RETRY_SECONDS,
  writeErrorResponse,
  type ErrorResponse,
} from "./error-response.js";
export { assignRequestId, chooseRequestId, REQUEST_ID_HEADER, requestIdOf, requestIds } from "./request-id.js";
export type { AuthenticatedConnection, BearerAuthenticator } from "./bearer-authenticator.js";
export { authorizeConnectorRequest, type AuthorizedRequest, type ConnectorGate } from "./connector-gate.js";
export { rateLimitHeaders } from "./rate-limit-headers.js";
export { bearerCors, type CorsMiddleware, mcpCors } from "./cross-origin.js";
export { baseHeaders, HSTS_VALUE } from "./base-headers.js";
export { refuseNulInAddress } from "./nul-in-address.js";
export { closeAfterUnreadBody, refuseDeclaredOversize } from "./unread-body.js";
