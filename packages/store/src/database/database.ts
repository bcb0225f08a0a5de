import type { PoolBounds } from "./pool-bounds.js";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema.js";
import type { DialectCapabilities, DialectName } from "./dialect-capabilities.js";

/** An open database: the query builder, which dialect it speaks, and how to let it go. */
export interface Database {
  readonly db: Kysely<DatabaseSchema>;
  readonly dialect: DialectName;
  /** What the database can do: callers ask these, never the dialect's name. */
  readonly capabilities: DialectCapabilities;
  /** PostgreSQL: statements the pool has sent since it opened (benchmarks divide it by calls). */
  statementsSent?: () => number;
  /** Closes the pool or file; the handle is unusable afterwards. */
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections right now (SQLite has its one file connection and no pool). */
  poolStats?(): PoolStats;
}

/** A connection pool's state, for the operator's gauges. */
export interface PoolStats {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open now. */
  open: number;
  /** Connections lent out to a query or transaction. */
  inUse: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

export interface DatabaseConfig {
  /** `postgres://…`, `postgresql://…`, a SQLite file path, `sqlite:<path>` or `:memory:`. */
  url: string;
  /** PostgreSQL pool size and waits (see PoolBounds for defaults). Ignored by SQLite, which has one connection. */
  pool?: Partial<PoolBounds>;
  /** Told of each operation refused because the database could not be reached (each becomes a 503). */
  onUnavailable?: () => void;
}
