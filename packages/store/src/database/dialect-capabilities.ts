import { type DatabaseIntrospector, type Dialect, type Expression, type Kysely, PostgresIntrospector, sql } from "kysely";

export type DialectName = "sqlite" | "postgres";

/**
 * Everything that differs between the two dialects, as named flags, so code asks "what can this
 * database do" instead of "is this Postgres". Released migrations read the column types: change
 * a type only by adding a new flag and a new migration.
 */
export interface DialectCapabilities {
  readonly name: DialectName;
  /** Integer column wide enough for minor units above 2^31 (PG `integer` stops at ~21M dollars). */
  readonly wideIntegerType: "bigint" | "integer";
  /**
   * Text type for ids and timestamps that compares byte by byte, so keyset order matches SQLite's
   * BINARY collation and JavaScript's sort whatever locale the PG cluster was created with.
   */
  readonly keyTextType: Expression<unknown> | "text";
  /** Most bind parameters one statement may carry; multi-row inserts are cut to fit. */
  readonly maxBindParameters: number;
  /** Tables can skip the write-ahead log (PostgreSQL `UNLOGGED`): for counters that may be lost in a crash. */
  readonly unloggedTables: boolean;
  /** How a table gets an ever-increasing integer key (an append-only feed's order). */
  readonly sequenceKey: "autoincrement" | "identity";
  /**
   * Several processes may use the database at once (a database server); false when one process owns
   * it (an embedded file). Decides how a service counts, queues jobs and whether it may run as a cluster.
   */
  readonly sharedByProcesses: boolean;
  /** A session can listen for events other sessions announce (PostgreSQL LISTEN/NOTIFY). */
  readonly notifications: boolean;
  /** Column type for raw bytes (the parts of a file sent in parts). */
  readonly bytesType: "blob" | "bytea";
  /**
   * The planner chooses by table statistics that only ANALYZE (or autovacuum, a minute or more later)
   * brings up to date (PostgreSQL); SQLite plans these queries by their indexes alone.
   */
  readonly plansByStatistics: boolean;
  /**
   * A statement can take a column's values as one array parameter and turn the arrays into rows
   * (PostgreSQL `unnest`), so a multi-row insert binds one value per column, however many rows it has.
   */
  readonly columnArrays: boolean;
}

export const DIALECT_CAPABILITIES: Readonly<Record<DialectName, DialectCapabilities>> = {
  sqlite: {
    name: "sqlite",
    wideIntegerType: "integer",
    keyTextType: "text",
    // better-sqlite3 compiles SQLite with SQLITE_MAX_VARIABLE_NUMBER=32766.
    maxBindParameters: 32_766,
    unloggedTables: false,
    sequenceKey: "autoincrement",
    sharedByProcesses: false,
    notifications: false,
    bytesType: "blob",
    plansByStatistics: false,
    columnArrays: false,
  },
  postgres: {
    name: "postgres",
    wideIntegerType: "bigint",
    keyTextType: sql`text collate "C"`,
    // The wire protocol counts parameters in an int16.
    maxBindParameters: 65_535,
    unloggedTables: true,
    sequenceKey: "identity",
    sharedByProcesses: true,
    notifications: true,
    bytesType: "bytea",
    plansByStatistics: true,
    columnArrays: true,
  },
};

/**
 * The dialect behind any Kysely instance, including a transaction or a migration's `Kysely<any>`,
 * which carry no handle of ours. The introspector is the public, per-dialect object Kysely exposes.
 */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.introspection instanceof PostgresIntrospector ? "postgres" : "sqlite";
}

/**
 * What a database opened by `openDatabase` can do when its driver narrows its dialect's (a Durable
 * Object's SQLite binds at most 100 values a statement), by the introspectors its dialect makes: Kysely
 * makes one per `db.introspection` through the dialect every transaction and migration shares.
 */
const DRIVER_CAPABILITIES = new WeakMap<DatabaseIntrospector, DialectCapabilities>();

/** The dialect, with every Kysely over it (transactions, a migration's `Kysely<any>`) answering `capabilities`. */
export function withCapabilities(dialect: Dialect, capabilities: DialectCapabilities): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => {
      const introspector = dialect.createIntrospector(db);
      DRIVER_CAPABILITIES.set(introspector, capabilities);
      return introspector;
    },
  };
}

export function capabilitiesOf(db: Kysely<any>): DialectCapabilities {
  const introspector = db.introspection;
  return (
    DRIVER_CAPABILITIES.get(introspector) ?? DIALECT_CAPABILITIES[introspector instanceof PostgresIntrospector ? "postgres" : "sqlite"]
  );
}
