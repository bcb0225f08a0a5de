/** `@connector/core/tracing`: Spans over the OpenTelemetry API: a step's child span inside a traced request, and what of a failure a span may carry. */
export { type ChildSpan, errorTypeOf, inChildSpan, markFailed } from "../tracing/child-span.js";
