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

// The back office: review of drafts, the Desk agreement, /api/v1 placements, Account Workflow.
export type {
  ActorVia,
  BackOfficeActor,
  ConsumerActor,
  DeskActor,
} from "./back-office/back-office-actor.js";
export { assertConsumerActor, assertDeskActor, assertSignedInOwner } from "./back-office/back-office-actor.js";
export type { BackOfficeDeps } from "./back-office/back-office-deps.js";
export { DESK_AGREEMENT, type DeskAgreement } from "./back-office/desk-agreement.js";
export { DESK_KINDS, type DeskKind } from "./back-office/desk-view.js";
export {
  acceptDeskAgreement,
  getDeskAgreementStatus,
  type DeskAgreementStatus,
} from "./back-office/desk-agreement-operations.js";
export { approvePlacementDraft, type ApprovalResult } from "./back-office/approve-placement-draft.js";
export { reviewDraft, type ReviewAction, type ReviewResult } from "./back-office/review-draft.js";
export {
  COPY_NOTICE,
  consumerRequestText,
  copyConsumerRequest,
  type CopiedRequest,
} from "./back-office/copy-consumer-request.js";
export {
  DRAFTS_LISTED,
  getDraftDetail,
  listConsumerDrafts,
  listDeskDrafts,
  type DraftDetail,
} from "./back-office/draft-queries.js";
export { batchError } from "./back-office/batch-error.js";
export type { ErrorDetail } from "./errors/service-error.js";
export {
  MAX_PLACEMENT_AMOUNT,
  MAX_PLACEMENT_ROWS,
  PLACEMENT_COLUMNS,
  placementRowSchema,
  validatePlacementRows,
  type PlacementRowInput,
  type ValidPlacementRow,
} from "./legacy/placement-rows.js";
export {
  listPlacements,
  placeAccounts,
  type PlaceAccountsInput,
  type PlaceAccountsResult,
} from "./legacy/place-accounts.js";
export type {
  DeskAgreementAcceptance,
  DeskAgreementStore,
  DeskRecord,
  DeskStore,
  DraftAction,
  DraftHistoryEntry,
  DraftHistoryStore,
  DraftReviewStore,
  ConsumerRequestDraftRecord,
  NewDraftHistoryEntry,
  NewPlacement,
  PlacementDraftRecord,
  PlacementPage,
  PlacementStore,
  PlacementView,
  SkipState,
} from "./ports/back-office-stores.js";
export {
  WORKFLOW_EVENT_KINDS,
  WORKFLOW_RUN_STATUSES,
  type NewWorkflowRun,
  type WorkflowClaim,
  type WorkflowEventInput,
  type WorkflowEventKind,
  type WorkflowEventView,
  type WorkflowQueue,
  type WorkflowRunStatus,
  type WorkflowRunView,
  type WorkflowStore,
} from "./ports/workflow-stores.js";
export { queueAccountWorkflow } from "./workflow/queue-account-workflow.js";
export {
  cancelWorkflowRun,
  listWorkflowEvents,
  listWorkflowRuns,
  startAccountWorkflow,
} from "./workflow/workflow-operations.js";
export {
  ACCOUNT_WORKFLOW_STEPS,
  MAX_RUN_ATTEMPTS,
  executeWorkflowRun,
  type WorkflowRunOutcome,
  type WorkflowWorker,
} from "./workflow/execute-workflow-run.js";
export type { DeskKeyRecord, DeskKeyStore } from "./ports/desk-key-store.js";
export { errorBodyJsonSchema } from "./errors/error-body-schema.js";
// The Desk back office, part 2: agency invites, phones, skip count, escalations, routing doors.
export {
  INVITE_STATUSES,
  inviteStatus,
  toInviteView,
  type AgencyClientView,
  type AgencyInviteRecord,
  type AgencyInviteView,
  type AgencyMembershipView,
  type InviteStatus,
} from "./agency/invite-views.js";
export { inviteTokenHash, inviteUrl, newInviteToken } from "./agency/invite-token.js";
export {
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  inviteIdSchema,
  inviteTokenSchema,
  mintInviteInputSchema,
  peekInviteQuerySchema,
  redeemInviteInputSchema,
  type MintInviteInput,
  type RedeemInviteInput,
} from "./agency/invite-schemas.js";
export { clientDeskRequired, invalidInvite, notAnAgency, sessionRequired } from "./agency/agency-errors.js";
export {
  AGENCY_LIST_LIMIT,
  isClientOfAgency,
  listAgencyClients,
  listAgencyInvites,
  listAgencyMemberships,
  mintAgencyInvite,
  peekAgencyInvite,
  redeemAgencyInvite,
  revokeAgencyInvite,
} from "./agency/agency-operations.js";
export type {
  AgencyRelation,
  AgencyStore,
  EscalationStore,
  NewAccountPhone,
  NewAgencyInvite,
  NewEscalation,
  NewPhoneImportBatch,
  PhoneStore,
  SkipStore,
} from "./ports/agency-phone-escalation-stores.js";
export { parseArguments, parseShape } from "./schemas/parse-arguments.js";
export { maskPhone, normalizePhone, type NormalizedPhone, type PhoneProblem } from "./phones/normalize-phone.js";
export {
  MAX_PHONE_ROWS,
  phoneImportInputSchema,
  phoneImportRowSchema,
  type PhoneImportInput,
} from "./phones/phone-import-schema.js";
export {
  importPhones,
  type PhoneImportReport,
  type PhoneImportRow,
  type PhoneRowProblem,
  type PhoneRowStatus,
} from "./phones/import-phones.js";
export { skipInventory, type SkipAnswer, type SkipCount } from "./inventory/skip-count.js";
export {
  ESCALATION_NOTICE,
  ESCALATION_REASONS,
  createEscalation,
  escalationInputSchema,
  type EscalationReceipt,
} from "./escalations/create-escalation.js";
export {
  DOORS,
  RESOLVE_CHANNELS,
  askInputSchema,
  routeSchema,
  type Door,
  type ResolveChannel,
  type Route,
} from "./routing/door-route.js";
export { vendorFailed, vendorNotConfigured, vendorTimeout, type VendorName } from "./routing/vendor-errors.js";
export type { DoorServices, LanguageModel, ReplyRequest, RoutingService } from "./routing/vendor-ports.js";
export { routeByRules } from "./routing/route-by-rules.js";
export { DOOR_RATE_LIMIT } from "./routing/door-rate-limit.js";
export { routeAsk, routeDoorReadiness, routeWithService, type RouteAnswer } from "./routing/route-ask.js";
export { MAX_REPLY_CHARACTERS, RECEPTION_INSTRUCTIONS, receive, receptionReadiness, type ReceptionAnswer } from "./routing/reception.js";
