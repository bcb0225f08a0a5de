/** `@connector/core/ports`: The store ports core declares (domain stores, counters) and the connector principal. */
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
