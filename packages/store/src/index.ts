/*
 * `@connector/store`: the store over any database driver the host gives it (`openDatabase`). It imports
 * no driver and no Node built-in; the drivers it ships are subpaths of their own: `./sqlite`
 * (better-sqlite3), `./postgres` (pg, with PostgreSQL's start-up lock and revocation feed), and
 * `./node`, which opens a database URL with whichever of the two it names.
 */
export { openDatabase, type OpenDatabaseOptions } from "./database/open-database.js";
export type { DatabaseDriver } from "./database/database-driver.js";
export { checkDatabase } from "./database/check-database.js";
export { DEFAULT_POOL_BOUNDS, type PoolBounds } from "./database/pool-bounds.js";
export { poolerRefusalMessage, refusedStartupParameter } from "./database/pooler-refusal.js";
export { isUnavailableError } from "./database/availability-dialect.js";
export type { Database, DatabaseConfig, PoolStats } from "./database/database.js";
export { parseDatabaseUrl, type DatabaseLocation } from "./database/database-url.js";
export {
  DIALECT_CAPABILITIES,
  capabilitiesOf,
  dialectOf,
  type DialectCapabilities,
  type DialectName,
} from "./database/dialect-capabilities.js";
export type {
  AccountTable,
  ApprovedOfferStatus,
  ApprovedOfferTable,
  ConsumerRequestDraftTable,
  ConsumerTable,
  ConsumerVerifiedAccountTable,
  DatabaseSchema,
  DeskKind,
  DeskTable,
  IdempotencyRecordTable,
  PaymentRecordTable,
  PlacementDraftTable,
  RateLimitCounterTable,
} from "./database/database-schema.js";
export { migrateToLatest } from "./migrations/migrate-to-latest.js";
export { migrationProvider, migrations } from "./migrations/index.js";
export { createStores, type Stores, type StoresOptions } from "./stores/create-stores.js";
export { createToolStores } from "./stores/create-tool-stores.js";
export type { CounterStoreOptions } from "./stores/counter-store.js";
export { bufferedCounterStore, type BufferedCounterStore } from "./stores/buffered-counter-store.js";
export {
  bufferedActivityRecorder,
  type BufferedActivityOptions,
  type BufferedActivityRecorder,
} from "./stores/buffered-activity-recorder.js";
export { exhaustedWindowMemo } from "./stores/exhausted-window-memo.js";
export type { CounterLeaseStore, LeaseGrant, LeaseSettle, LeaseTake } from "./stores/counter-lease-store.js";
export { leasedCounterStore, type LeasedCounterOptions, type LeasedCounterStore } from "./stores/leased-counter-store.js";
export {
  DEMO_ACTIVE_OFFER_TERMS,
  DEMO_CONSUMER_NAME,
  DEMO_DESK_NAME,
  DEMO_EXPIRED_OFFER_TERMS,
  DEMO_OTHER_DESK_NAME,
  seedDemoData,
  type DemoDataSummary,
  type SeedDemoDataOptions,
} from "./seed/seed-demo-data.js";
export { bulkInsertAccounts, type BulkInsertOptions } from "./seed/bulk-insert-accounts.js";
export { createAuthStores } from "./auth/create-auth-stores.js";
export { listConsumers, listDesks, pickEntry, type DirectoryEntry } from "./directory/workspace-directory.js";
export type {
  AccountPhoneTable,
  AgencyClientTable,
  AgencyInviteTable,
  EscalationTable,
  PhoneImportBatchTable,
} from "./database/agency-phone-escalation-schema.js";
export { readWorkflowBacklog, type WorkflowBacklog } from "./metrics/workflow-backlog.js";
export { type PlacementJobBacklog, readPlacementJobBacklog } from "./metrics/placement-job-backlog.js";
