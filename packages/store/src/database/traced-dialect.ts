import { type ChildSpan, inChildSpan } from "@connector/core/tracing";
import { type Attributes, SpanKind, trace } from "@opentelemetry/api";
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";
import type { DialectName } from "./dialect-capabilities.js";
import { summarizeQuery } from "./query-summary.js";

const tracer = trace.getTracer("@connector/store");

/** `db.system.name` of each dialect, as OpenTelemetry's database conventions spell it. */
const SYSTEM_NAMES: Record<DialectName, string> = { sqlite: "sqlite", postgres: "postgresql" };

/** How many statements' spans are kept ready (their text is the key: the store's statements are a fixed set, `in` lists aside). */
const MAX_REMEMBERED = 1000;

/**
 * Each statement the store sends, as a span (a CLIENT child of the span active then) named and
 * attributed by OpenTelemetry's database conventions: `db.system.name`, `db.operation.name`,
 * `db.collection.name` (one table) and `db.query.summary` (`SELECT accounts`), which names the span.
 * Never the statement's text or its parameters. A statement outside a traced request (a flush, a
 * workflow step, a migration) makes no span, and neither does any statement when no OpenTelemetry SDK
 * is registered (one lookup a statement). Transactions' `BEGIN`, `COMMIT` and `ROLLBACK` are spans too.
 */
export function withTracing(dialect: Dialect, dialectName: DialectName): Dialect {
  const system = SYSTEM_NAMES[dialectName];
  const spans = new Map<string, ChildSpan>();
  const spanOf = (sql: string) => () => {
    let span = spans.get(sql);
    if (span === undefined) {
      span = statementSpan(system, sql);
      if (spans.size >= MAX_REMEMBERED) spans.clear();
      spans.set(sql, span);
    }
    return span;
  };
  const command = (operation: string): ChildSpan => ({
    name: operation,
    kind: SpanKind.CLIENT,
    attributes: { "db.system.name": system, "db.operation.name": operation },
  });
  const [begin, commit, rollback] = [command("BEGIN"), command("COMMIT"), command("ROLLBACK")];
  const traced = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
      inChildSpan(tracer, spanOf(query.sql), () => connection.executeQuery<R>(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const connection = await driver.acquireConnection();
          const wrapped = traced(connection);
          inner.set(wrapped, connection);
          return wrapped;
        },
        beginTransaction: (connection, settings: TransactionSettings) =>
          inChildSpan(tracer, begin, () => driver.beginTransaction(unwrap(connection), settings)),
        commitTransaction: (connection) => inChildSpan(tracer, commit, () => driver.commitTransaction(unwrap(connection))),
        rollbackTransaction: (connection) => inChildSpan(tracer, rollback, () => driver.rollbackTransaction(unwrap(connection))),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
}

/** A statement's span: its summary names it (else its operation, else the database system). */
function statementSpan(system: string, sql: string): ChildSpan {
  const { operation, tables, summary } = summarizeQuery(sql);
  const attributes: Attributes = { "db.system.name": system };
  if (operation !== undefined) attributes["db.operation.name"] = operation;
  if (tables.length === 1) attributes["db.collection.name"] = tables[0];
  if (summary !== undefined) attributes["db.query.summary"] = summary;
  return { name: summary ?? system, kind: SpanKind.CLIENT, attributes };
}
