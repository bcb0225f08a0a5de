import { isStoreUnavailable } from "@connector/core/errors";
import { type Database, isUnavailableError, migrateToLatest } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { migrateOnOwnSession, withStartupLock } from "@connector/store/postgres";
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
 * PostgreSQL migrates on a session of its own too, outside the requests' statement bounds.
 *
 * A database that cannot be reached at start (restarting, failing over, a loaded machine's first
 * connections) is tried again for up to `STARTUP_WAIT_MS` instead of ending the process at once
 * (issue 55: one of two processes exited on a brief outage while the other started).
 */
export async function migrateServerDatabase<T>(
  database: Database,
  config: DatabaseSettings,
  after: () => Promise<T>,
  options: { onRetry?: (error: unknown) => void } = {},
): Promise<T> {
  const migrateAndThen = () =>
    withStartupLock(
      database,
      async () => {
        if (database.dialect === "postgres") await migrateOnOwnSession(sessionUrlOf(config));
        else await migrateToLatest(database);
        return after();
      },
      { sessionUrl: sessionUrlOf(config) },
    );
  const giveUpAt = Date.now() + STARTUP_WAIT_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 2000)) {
    try {
      return await migrateAndThen();
    } catch (error) {
      if (!isUnavailableAtStart(error) || Date.now() + wait > giveUpAt) throw error;
      options.onRetry?.(error);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** How long a starting process tries to reach its database before it gives up and exits. */
const STARTUP_WAIT_MS = 30_000;

/** The store's own "cannot reach" or the driver's, before the store wraps it (the start-up lock's session, a migration's). */
function isUnavailableAtStart(error: unknown): boolean {
  for (let cause: unknown = error; cause !== undefined && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    if (isStoreUnavailable(cause) || isUnavailableError(cause)) return true;
  }
  return false;
}
