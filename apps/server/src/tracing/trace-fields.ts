import { context, isSpanContextValid, trace } from "@opentelemetry/api";

/** What a log line carries of the trace it was written in: the ids, as OpenTelemetry's log correlation names them. */
export type TraceFields = { trace_id: string; span_id: string; trace_flags: string } | Record<string, never>;

/**
 * The trace and span ids of the span active now (`trace_id`, `span_id`, `trace_flags`, the names
 * pino's OpenTelemetry instrumentation writes), or nothing outside a traced request. The trace id is
 * the caller's when it sent a `traceparent`, so an operator finds the request's lines by that id.
 * A new object each time: pino's mixin merges the line's own fields into it.
 */
export function traceFields(): TraceFields {
  const span = trace.getSpanContext(context.active());
  if (span === undefined || !isSpanContextValid(span)) return {};
  return { trace_id: span.traceId, span_id: span.spanId, trace_flags: span.traceFlags.toString(16).padStart(2, "0") };
}
