/** `@connector/core/ports`: The store ports core declares (the tools' stores, one per need; domain stores, counters, the authorization server's persistence) and the connector principal. */
export type { ConnectorPrincipal } from "../ports/connector-principal.js";
export type { DeskKeyListing, DeskKeyOperations } from "../ports/desk-key-operations.js";
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
} from "../ports/domain-stores.js";
export type {
  AccountReads,
  ApprovedOfferReads,
  ConsumerRequestDrafts,
  DraftSaveStores,
  DraftTransaction,
  PaymentRecordReads,
  PlacedReferenceReads,
  PlacementDrafts,
  ToolStores,
} from "../ports/tool-stores.js";
export type { AuthorizationRequestView } from "../ports/authorization-request-view.js";
export type {
  ConsentForms,
  ErrorPageView,
  PersonAccountView,
  SignedInPersonView,
  SignInError,
  SignInView,
} from "../ports/person-page-views.js";
export type {
  ConnectionActivityEntry,
  ConnectionActivityRecorder,
  ConnectionActivityStore,
  ConnectionActivityView,
  UserConnection,
} from "../ports/connection-activity.js";
export type {
  DeskAgreementAcceptance,
  DeskAgreementStore,
  DeskRecord,
  DeskStore,
  DraftAction,
  DraftCreator,
  DraftHistoryEntry,
  DraftHistoryStore,
  DraftPage,
  DraftPageRequest,
  DraftReviewStore,
  ConsumerRequestDraftRecord,
  NewDraftHistoryEntry,
  NewPlacement,
  PlacementDraftRecord,
  PlacementFilter,
  PlacementPage,
  PlacementStore,
  PlacementView,
  SkipState,
} from "../ports/back-office-stores.js";
export {
  WORKFLOW_EVENT_KINDS,
  WORKFLOW_RUN_STATUSES,
  type NewWorkflowRun,
  type WorkflowClaim,
  type IntakeAccount,
  type WorkflowEventInput,
  type WorkflowEventKind,
  type WorkflowEventView,
  type WorkflowQueue,
  type WorkflowRunStatus,
  type WorkflowRunView,
  type WorkflowStore,
} from "../ports/workflow-stores.js";
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
} from "../ports/agency-phone-escalation-stores.js";
export type { DoorServices, LanguageModel, ReplyRequest, RoutingService } from "../routing/vendor-ports.js";
export type {
  AuthStores,
  AuthorizationCodeRecord,
  AuthorizationCodeStore,
  DpopStore,
  GrantRecord,
  GrantRevoker,
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
} from "../ports/auth-stores.js";
export type { DeskKeyRecord, DeskKeyStore } from "../ports/desk-key-store.js";
export type { PlacementUploadChunkInfo, PlacementUploadRecord, PlacementUploadStore } from "../ports/placement-upload-store.js";
export {
  PLACEMENT_JOB_STATES,
  type PlacementJobProblem,
  type PlacementJobProgress,
  type PlacementJobRecord,
  type PlacementJobState,
  type PlacementJobStore,
} from "../ports/placement-job-store.js";
export type { Revocation, RevocationFeed, RevocationListener } from "../ports/revocation-feed.js";
