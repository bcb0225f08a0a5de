import type { DatabaseDriver } from "@connector/store";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

/** A value SQLite hands back through a Durable Object (blobs arrive as ArrayBuffers). */
type SqlValue = ArrayBuffer | string | number | null;

/** The part of `ctx.storage.sql` the driver uses: one statement at a time, run at once. */
export interface DurableObjectSql {
  exec(query: string, ...bindings: unknown[]): {
    readonly columnNames: string[];
    toArray(): Record<string, SqlValue>[];
  };
}

/**
 * The part of a SQLite-backed Durable Object's `ctx.storage` the driver uses (described by what it calls,
 * so the driver needs no Workers types): its SQL, and `transaction()`, whose closure may await and whose
 * SQL statements commit or roll back together.
 */
export interface DurableObjectSqliteStorage {
  readonly sql: DurableObjectSql;
  transaction<T>(closure: () => Promise<T>): Promise<T>;
}

/**
 * SQLite in a Cloudflare Durable Object binds at most 100 values a statement (workerd says "too many SQL
 * variables" past it): the store cuts its multi-row inserts to fit.
 */
export const DURABLE_OBJECT_MAX_BIND_PARAMETERS = 100;

/**
 * The store's database in a SQLite-backed Durable Object: data that lasts, one object's requests one after
 * another (one writer, as SQLite has). Kysely's own SQLite dialect (its adapter, query compiler and
 * introspector) over a driver of this file: the object's SQL API runs each statement synchronously, and
 * a Kysely transaction is one `ctx.storage.transaction()` (docs/decisions.md, "Packages and layering").
 */
export function durableObjectSqliteDriver(storage: DurableObjectSqliteStorage): DatabaseDriver {
  return { dialect: "sqlite", kyselyDialect: durableObjectSqliteDialect(storage), maxBindParameters: DURABLE_OBJECT_MAX_BIND_PARAMETERS };
}

export function durableObjectSqliteDialect(storage: DurableObjectSqliteStorage): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createDriver: () => new DurableObjectSqliteKyselyDriver(storage),
  };
}

/** Thrown inside the object's transaction to roll it back; never seen outside the driver. */
class RollBack extends Error {}

/**
 * One connection over the object's SQL. Kysely lends it to one user at a time (its SQLite adapter says
 * SQLite has a single connection), so a transaction's statements and no one else's run while it is open.
 */
class DurableObjectSqliteConnection implements DatabaseConnection {
  readonly #storage: DurableObjectSqliteStorage;
  /** The open transaction: how to end it, and the promise `transaction()` settles when it has ended. */
  #open: { end: (commit: boolean) => void; ended: Promise<void> } | undefined;

  constructor(storage: DurableObjectSqliteStorage) {
    this.#storage = storage;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = this.#storage;
    let cursor: ReturnType<DurableObjectSql["exec"]>;
    let rows: R[];
    try {
      cursor = sql.exec(query.sql, ...query.parameters.map(bindable));
      rows = cursor.toArray().map(readRow) as R[];
    } catch (error) {
      throw withSqliteCode(error);
    }
    if (cursor.columnNames.length > 0) return { rows };
    // `rowsWritten` also counts index entries; SQLite's own counts are what Kysely reports.
    const counts = sql.exec("select changes() as changes, last_insert_rowid() as id").toArray()[0];
    return { rows, numAffectedRows: BigInt(counts?.changes as number), insertId: BigInt(counts?.id as number) };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    // A cursor read across an await sees later writes (Cloudflare's docs): read it whole first.
    const { rows } = await this.executeQuery<R>(query);
    for (let start = 0; start < rows.length; start += chunkSize) yield { rows: rows.slice(start, start + chunkSize) };
  }

  /**
   * Opens `ctx.storage.transaction()` and keeps it open until Kysely commits or rolls back: its closure
   * waits for that word. The SQL API refuses BEGIN and SAVEPOINT, and `transactionSync()` cannot span the
   * awaits of a store's transaction. The object delivers no other event while it is open.
   */
  async begin(): Promise<void> {
    if (this.#open !== undefined) throw new Error("A transaction is already open on this Durable Object's connection.");
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let end!: (commit: boolean) => void;
    const outcome = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const ended = this.#storage.transaction(async () => {
      started();
      if (!(await outcome)) throw new RollBack();
    });
    // Kysely's statements follow only once the closure runs (the object calls it later, not at once);
    // a transaction that could not start fails here.
    await Promise.race([running, ended]);
    this.#open = { end, ended };
  }

  async commit(): Promise<void> {
    const open = this.#take();
    open.end(true);
    await open.ended;
  }

  async rollback(): Promise<void> {
    const open = this.#take();
    open.end(false);
    try {
      await open.ended;
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  }

  #take() {
    const open = this.#open;
    if (open === undefined) throw new Error("No transaction is open on this Durable Object's connection.");
    this.#open = undefined;
    return open;
  }
}

class DurableObjectSqliteKyselyDriver implements Driver {
  readonly #connection: DurableObjectSqliteConnection;

  constructor(storage: DurableObjectSqliteStorage) {
    this.#connection = new DurableObjectSqliteConnection(storage);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as DurableObjectSqliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as DurableObjectSqliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as DurableObjectSqliteConnection).rollback();
  }

  async releaseConnection(): Promise<void> {}

  /** The object's storage lives as long as the object: nothing to close. */
  async destroy(): Promise<void> {}
}

/**
 * A parameter as the object's SQL binds it the way better-sqlite3 would: a boolean would be bound as the
 * text "true", and a bigint is refused.
 */
function bindable(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new RangeError("A Durable Object's SQL binds integers within JavaScript's safe range only.");
    }
    return Number(value);
  }
  return value;
}

/**
 * The object's SQL errors name SQLite's result code only in their message ("…: SQLITE_CONSTRAINT (extended:
 * SQLITE_CONSTRAINT_FOREIGNKEY)"); the store reads it from `code`, as better-sqlite3 sets it (the extended
 * code where there is one): a part of a cancelled upload is answered "gone" by its foreign key's code.
 */
function withSqliteCode(error: unknown): unknown {
  if (!(error instanceof Error) || "code" in error) return error;
  const match = /: (SQLITE_[A-Z_]+)(?: \(extended: (SQLITE_[A-Z_]+)\))?$/.exec(error.message);
  if (match === null) return error;
  return Object.assign(error, { code: match[2] ?? match[1] });
}

/** A blob comes back as an ArrayBuffer; the store reads bytes as a Uint8Array, as better-sqlite3's Buffer is. */
function readRow(row: Record<string, SqlValue>): Record<string, unknown> {
  for (const [column, value] of Object.entries(row)) {
    if (value instanceof ArrayBuffer) (row as Record<string, unknown>)[column] = new Uint8Array(value);
  }
  return row;
}
