export { ConnectorClient, type ConnectorClientOptions, type RetryInfo } from "./connector-client.js";
export { DeskTools, type Account, type AccountPage, type PlacementDraftRequest } from "./desk-tools.js";
export { ResolveTools, type ConsumerRequestDraftRequest } from "./resolve-tools.js";
export type { CallOptions, OperationId, SavedDraft, ToolArguments, ToolName, ToolOperation, ToolResult } from "./tool-types.js";
export type { Workspace } from "./workspace.js";
export { ConnectorAuth, type AccessTokenSource, type ConnectorAuthOptions } from "./oauth/connector-auth.js";
export type { AuthorizationServerMetadata, ConnectorDiscovery, TokenResponse } from "./oauth/protocol-types.js";
export type { DpopAlgorithm, DpopKey, DpopKeyPair, DpopOptions, Jwk, StoredDpopKey, WebCryptoKey } from "./oauth/dpop-key.js";
export {
  MemoryTokenStore,
  type PendingAuthorization,
  type StoredClient,
  type StoredConnection,
  type StoredTokens,
  type TokenStore,
} from "./oauth/token-store.js";
export {
  AbortedError,
  AuthenticationError,
  AuthorizationError,
  BadRequestError,
  type ClientErrorCode,
  type ConnectorErrorCode,
  type ErrorForCode,
  type HttpStatusCode,
  OAUTH_ERROR_CODES,
  type OAuthErrorCode,
  type ServiceErrorCode,
  ConflictError,
  ConnectionError,
  ConnectorError,
  type ConnectorErrorBody,
  InternalServerError,
  isConnectorError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  TimeoutError,
  UnsupportedMediaTypeError,
  WrongWorkspaceError,
} from "./errors.js";
export { newIdempotencyKey } from "./idempotency-key.js";
export { type BackoffOptions, retryDelayMs } from "./retry-policy.js";
