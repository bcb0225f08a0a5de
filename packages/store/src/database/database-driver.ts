import type { Dialect } from "kysely";
import type { PoolStats } from "./database.js";
import type { DialectName } from "./dialect-capabilities.js";

/**
 * A database as the host hands it to the store, the way Kysely takes a dialect: the store's queries
 * and migrations run on whatever connection the host opened (better-sqlite3 or pg on Node, `bun:sqlite`
 * on Bun, a SQLite inside a Worker). The store never imports a driver itself; `@connector/store/sqlite`
 * and `@connector/store/postgres` are the two it ships, and `@connector/store/node` picks one by URL.
 */
export interface DatabaseDriver {
  /** The SQL the database speaks: the store's migrations and queries follow it. */
  readonly dialect: DialectName;
  /** Kysely's dialect over the host's connection (SQLite: Kysely's `SqliteDialect` over any `SqliteDatabase`). */
  readonly kyselyDialect: Dialect;
  /**
   * The most values one statement may bind, where the database allows fewer than its dialect usually
   * does (SQLite in a Cloudflare Durable Object: 100). Multi-row inserts and long `in (…)` lists are cut to fit it.
   */
  readonly maxBindParameters?: number;
  /**
   * Lets go of what the driver opened. `destroyKysely` ends Kysely's use of it; a driver that holds
   * more than Kysely knows (a file never queried, a pool's sockets) frees that too. Without it, closing
   * is Kysely's destroy alone.
   */
  close?(destroyKysely: () => Promise<void>): Promise<void>;
  /** A pool's connections right now, for the operator's gauges (a driver with a pool). */
  poolStats?(): PoolStats;
  /** Statements sent since the driver opened (benchmarks divide it by calls). */
  statementsSent?(): number;
}
