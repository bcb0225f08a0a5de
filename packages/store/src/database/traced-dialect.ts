import { type ChildSpan, inChildSpan } from "@connector/core/tracing";
import { type Attributes, SpanKind, trace } from "@opentelemetry/api";
import type { Dialect } from "kysely";
import type { DialectName } from "./dialect-capabilities.js";
import { summarizeQuery } from "./query-summary.js";
import { type DriverStep, wrapDialect } from "./wrapped-dialect.js";

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
  const transactionSpans: Partial<Record<DriverStep, ChildSpan>> = { begin: command("BEGIN"), commit: command("COMMIT"), rollback: command("ROLLBACK") };
  return wrapDialect(dialect, {
    query: (query, run) => inChildSpan(tracer, spanOf(query.sql), run),
    step: (step, run) => {
      const span = transactionSpans[step];
      return span === undefined ? run() : inChildSpan(tracer, span, run);
    },
  });
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
