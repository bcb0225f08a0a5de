export { ERROR_STATUS, type ErrorCode, type ErrorStatus } from "./errors/error-codes.js";
export {
  ServiceError,
  isServiceError,
  toServiceError,
  notFound,
  unsupportedMediaType,
  type ErrorBody,
  type ServiceErrorOptions,
} from "./errors/service-error.js";
export { WORKSPACES, isWorkspace, workspaceResource, type Workspace } from "./policy/workspaces.js";
export {
  SCOPES,
  ALL_SCOPES,
  isScope,
  requiredScope,
  scopesOfWorkspace,
  workspaceOfScopes,
  parseScopeString,
  type Scope,
  type ToolAccess,
} from "./policy/scopes.js";
export { UNAVAILABLE_ACTIONS, type UnavailableAction } from "./policy/never-list.js";
export { CASE_STATUSES, type CaseStatus } from "./domain/case-status.js";
export { DRAFT_REVIEW_STATUSES, type DraftReviewStatus } from "./domain/draft-status.js";
export { minorUnitExponent, toMinorUnits, type Money } from "./domain/money.js";
export {
  PAYMENT_METHODS,
  PAYMENT_OUTCOMES,
  type AccountView,
  type ApprovedOfferView,
  type ConsumerRequestDraftView,
  type PaymentMethod,
  type PaymentOutcome,
  type PaymentRecordView,
  type PlacementDraftView,
} from "./domain/views.js";
export { IDENTIFIER_PATTERN, identifierSchema } from "./schemas/identifier.js";
export { idempotencyKeySchema } from "./schemas/idempotency-key.js";
export {
  createPlacementDraftInputSchema,
  placementAccountItemSchema,
  type CreatePlacementDraftInput,
  type PlacementAccountItem,
} from "./schemas/placement-draft.js";
export {
  CONSUMER_REQUEST_CHANNELS,
  CONSUMER_REQUEST_KINDS,
  createConsumerRequestDraftInputSchema,
  type CreateConsumerRequestDraftInput,
} from "./schemas/consumer-request-draft.js";
export {
  accountIdInputSchema,
  emptyInputSchema,
  getDraftStatusInputSchema,
  listAccountsInputSchema,
  relayApprovedOfferInputSchema,
  type ListAccountsInput,
} from "./schemas/tool-inputs.js";
export type { ConnectorPrincipal } from "./ports/connector-principal.js";
export type {
  AccountPage,
  AccountStore,
  ApprovedOfferStore,
  ConsumerRequestDraftStore,
  DomainStores,
  IdempotencyClaim,
  IdempotencyScope,
  IdempotencyStore,
  NewConsumerRequestDraft,
  NewPlacementDraft,
  PaymentRecordStore,
  PlacementDraftStore,
  FixedWindowCounterStore,
  UnitOfWork,
} from "./ports/domain-stores.js";
export { newId } from "./ids/uuid-v7.js";
export {
  buildToolCatalogue,
  TOOL_DEFINITIONS,
  type CatalogueEntry,
  type JsonSchemaObject,
  type ToolCatalogue,
} from "./tools/catalogue.js";
export type { AnyToolDefinition, ToolDefinition } from "./tools/tool-definition.js";
export type { ToolContext } from "./tools/tool-context.js";
export { executeTool, type ToolCall, type ToolRuntime } from "./tools/execute-tool.js";
export { resolveTool } from "./tools/resolve-tool.js";
export { canonicalJson, contentHash } from "./tools/canonical-json.js";
export { IDEMPOTENCY_KEY_RETENTION_MS } from "./tools/idempotent-draft.js";
export { DRAFT_SAVED_NOTICE, DRAFT_STATUS_NOTICE } from "./tools/draft-notice.js";
export { REVIEW_STEPS } from "./tools/shared/review-steps.js";
export {
  accountSchema,
  approvedOfferSchema,
  consumerRequestDraftSchema,
  moneySchema,
  paymentRecordSchema,
  placementDraftSchema,
} from "./tools/output-schemas.js";
export {
  CONNECTOR_RATE_LIMIT,
  countInFixedWindow,
  type FixedWindowDecision,
  type FixedWindowLimit,
} from "./limits/fixed-window.js";
export type { Revocation, RevocationFeed, RevocationListener } from "./ports/revocation-feed.js";
export type {
  AuthStores,
  AuthorizationCodeRecord,
  AuthorizationCodeStore,
  DeskRole,
  GrantRecord,
  GrantStore,
  GrantSummary,
  NewToken,
  OAuthClientRecord,
  OAuthClientStore,
  SessionRecord,
  SessionStore,
  TokenKind,
  TokenRecord,
  TokenStore,
  TokenWithGrant,
  UserRecord,
  UserStore,
} from "./ports/auth-stores.js";
export { parsePlacementAmount } from "./legacy/placement-amount.js";
export { containsSsn, isValidSsn } from "./guard/ssn-detector.js";
export { containsCardNumber, isCardNumber, isLuhnValid } from "./guard/card-number-detector.js";
export { containsRoutingNumber, isValidRoutingNumber } from "./guard/routing-number-detector.js";
export {
  assertNoForbiddenPersonalData,
  findSensitiveNumber,
  type SensitiveNumberKind,
} from "./guard/personal-data-guard.js";
export { loggableError } from "./errors/loggable-error.js";
export { isStoreUnavailable, STORE_UNAVAILABLE, StoreUnavailableError } from "./errors/store-unavailable.js";
