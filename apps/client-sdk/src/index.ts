export { ConnectorClient, type ConnectorClientOptions, type Workspace } from "./connector-client.js";
export { DeskTools, type AccountPage, type PlacementDraftRequest } from "./desk-tools.js";
export { ResolveTools, type ConsumerRequestDraftRequest, type RelayedOffer } from "./resolve-tools.js";
export type { Capabilities, DraftStatus, SavedDraft } from "./shared-types.js";
export {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  type ConnectorErrorBody,
} from "./errors.js";
export { newIdempotencyKey } from "./idempotency-key.js";
