import { type Database, migrateToLatest } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { withStartupLock } from "@connector/store/postgres";
import type { ServerConfig } from "./config.js";

type DatabaseSettings = Pick<ServerConfig, "databaseUrl" | "databaseDirectUrl" | "pool">;

/** DATABASE_URL is a pooler when DATABASE_DIRECT_URL names PostgreSQL at another address (README, "Configuration"). */
function directUrlDiffers(config: DatabaseSettings): boolean {
  return config.databaseDirectUrl !== undefined && config.databaseDirectUrl !== config.databaseUrl;
}

/** Where what needs a session of its own connects (LISTEN, pg-boss, the start-up lock): PostgreSQL itself behind a pooler. */
export function sessionUrlOf(config: DatabaseSettings): string {
  return config.databaseDirectUrl ?? config.databaseUrl;
}

/**
 * The database as every process of the service opens it, the server and the operators' commands
 * alike (`create-user`): `DATABASE_URL`'s pool with the configured bounds, told it is behind a pooler
 * by `DATABASE_URL_POOLED` or by a `DATABASE_DIRECT_URL` elsewhere, so it sends a stock PgBouncer no
 * session settings. A command that opened it another way failed where the server started (issue 51).
 */
export function openServerDatabase(config: DatabaseSettings, options: { onUnavailable?: () => void } = {}): Promise<Database> {
  return createDatabase({
    url: config.databaseUrl,
    pool: { ...config.pool, throughPooler: config.pool?.throughPooler ?? directUrlDiffers(config) },
    ...(options.onUnavailable === undefined ? {} : { onUnavailable: options.onUnavailable }),
  });
}

/**
 * Migrates as every process does, then runs `after` (the server's demo seed), under the start-up lock
 * held on a session of its own (`sessionUrlOf`): a command run beside starting servers takes its turn.
 */
export function migrateServerDatabase<T>(database: Database, config: DatabaseSettings, after: () => Promise<T>): Promise<T> {
  return withStartupLock(
    database,
    async () => {
      await migrateToLatest(database);
      return after();
    },
    { sessionUrl: sessionUrlOf(config) },
  );
}
