export { ERROR_STATUS, type ErrorCode, type ErrorStatus } from "./errors/error-codes.js";
export {
  ServiceError,
  isServiceError,
  toServiceError,
  notFound,
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
export { IDENTIFIER_PATTERN, identifierSchema, normalizeIdentifier } from "./schemas/identifier.js";
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
  RateLimitStore,
  UnitOfWork,
} from "./ports/domain-stores.js";
export { newId } from "./ids/uuid-v7.js";
