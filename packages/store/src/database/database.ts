import type { PoolBounds } from "./pool-bounds.js";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./database-schema.js";
import type { DialectName } from "./dialect-capabilities.js";

/** An open database: the query builder, which dialect it speaks, and how to let it go. */
export interface Database {
  readonly db: Kysely<DatabaseSchema>;
  readonly dialect: DialectName;
  /** PostgreSQL: statements the pool has sent since it opened (benchmarks divide it by calls). */
  statementsSent?: () => number;
  /** Closes the pool or file; the handle is unusable afterwards. */
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** `postgres://…`, `postgresql://…`, a SQLite file path, `sqlite:<path>` or `:memory:`. */
  url: string;
  /** PostgreSQL pool size and waits (see PoolBounds for defaults). Ignored by SQLite, which has one connection. */
  pool?: Partial<PoolBounds>;
}
