/** `@connector/core/ports`: The store ports core declares (domain stores, counters, the auth server's stores) and the connector principal. */
export type { ConnectorPrincipal } from "../ports/connector-principal.js";
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
} from "../ports/auth-stores.js";
export type { Revocation, RevocationFeed, RevocationListener } from "../ports/revocation-feed.js";
export type {
  DeskAgreementStore,
  DeskStore,
  DraftHistoryStore,
  DraftReviewStore,
  PlacementStore,
} from "../ports/back-office-stores.js";
export type { WorkflowQueue, WorkflowStore } from "../ports/workflow-stores.js";
export type { DeskKeyRecord, DeskKeyStore } from "../ports/desk-key-store.js";
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
