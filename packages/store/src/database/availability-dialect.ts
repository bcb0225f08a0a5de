import { StoreUnavailableError } from "@connector/core/errors";
import type { Dialect } from "kysely";
import { POOL_QUEUE_FULL, QUERY_READ_TIMEOUT } from "./pool-bounds.js";
import { wrapDialect } from "./wrapped-dialect.js";

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

/**
 * Wraps a dialect so that losing the database becomes core's StoreUnavailableError at the one
 * place every query passes (the HTTP layer answers it 503 with Retry-After), instead of a driver
 * error (a 500) from wherever the query was made.
 */
export function withAvailabilityErrors(dialect: Dialect, onUnavailable?: UnavailableListener): Dialect {
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw translate(error, onUnavailable);
    }
  };
  return wrapDialect(dialect, { query: (_query, run) => guarded(run), step: (_step, run) => guarded(run) });
}
