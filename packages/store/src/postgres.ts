/**
 * `@connector/store/postgres`: PostgreSQL by pg (Node): `openDatabase(pgDriver(url, bounds))`, and what
 * only PostgreSQL offers several processes: the start-up lock and the revocation feed (LISTEN/NOTIFY).
 */
export { pgDriver } from "./database/pg-driver.js";
export { withStartupLock } from "./database/startup-lock.js";
export { migrateOnOwnSession } from "./database/migrate-on-session.js";
export {
  createPostgresRevocationFeed,
  REVOCATION_CHANNEL,
  type PostgresRevocationFeed,
  type PostgresRevocationFeedOptions,
} from "./revocation/postgres-revocation-feed.js";
