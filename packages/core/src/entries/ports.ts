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
