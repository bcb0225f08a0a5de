import { StoreUnavailableError } from "@connector/core/errors";
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from "kysely";
import { POOL_QUEUE_FULL, QUERY_READ_TIMEOUT } from "./pool-bounds.js";

/**
 * PostgreSQL SQLSTATE classes (connection, resources, operator intervention, database gone), a
 * statement cancelled by statement_timeout (57014), and socket and pool codes that mean "cannot
 * reach the database in time".
 */
const POSTGRES_UNAVAILABLE = /^(08|53|57P|57014|3D000)/;
const SOCKET_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "EHOSTUNREACH",
  POOL_QUEUE_FULL,
  QUERY_READ_TIMEOUT,
]);
/** better-sqlite3 codes for a locked, unopenable, full or failing database file. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOTADB|CORRUPT)/;

export function isUnavailableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") {
    const message = (error as Error | null)?.message ?? "";
    return /Connection terminated|timeout exceeded when trying to connect|database connection is not open|Client has encountered a connection error/i.test(
      message,
    );
  }
  return POSTGRES_UNAVAILABLE.test(code) || SOCKET_UNAVAILABLE.has(code) || SQLITE_UNAVAILABLE.test(code);
}

/** Told of each operation refused because the database could not be reached (the operator's outage count). */
export type UnavailableListener = () => void;

function translate(error: unknown, onUnavailable: UnavailableListener | undefined): unknown {
  if (!isUnavailableError(error)) return error;
  onUnavailable?.();
  return new StoreUnavailableError("The store cannot reach its database.", { cause: error });
}

type Guard = <T>(work: () => Promise<T>) => Promise<T>;

function guardConnection(connection: DatabaseConnection, guarded: Guard): DatabaseConnection {
  return {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => guarded(() => connection.executeQuery<R>(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * Wraps a dialect so that losing the database becomes core's StoreUnavailableError at the one
 * place every query passes (the HTTP layer answers it 503 with Retry-After), instead of a driver
 * error (a 500) from wherever the query was made.
 */
export function withAvailabilityErrors(dialect: Dialect, onUnavailable?: UnavailableListener): Dialect {
  const guarded: Guard = async (work) => {
    try {
      return await work();
    } catch (error) {
      throw translate(error, onUnavailable);
    }
  };
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
      return {
        init: () => guarded(() => driver.init()),
        acquireConnection: () =>
          guarded(async () => {
            const connection = await driver.acquireConnection();
            const wrapped = guardConnection(connection, guarded);
            inner.set(wrapped, connection);
            return wrapped;
          }),
        beginTransaction: (connection, settings: TransactionSettings) =>
          guarded(() => driver.beginTransaction(unwrap(connection), settings)),
        commitTransaction: (connection) => guarded(() => driver.commitTransaction(unwrap(connection))),
        rollbackTransaction: (connection) => guarded(() => driver.rollbackTransaction(unwrap(connection))),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
}
