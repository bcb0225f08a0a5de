import { type ChildSpan, inChildSpan } from "@connector/core/tracing";
import { trace } from "@opentelemetry/api";

const tracer = trace.getTracer("@connector/http");

/*
 * The connector request's checks as spans (connector-request.ts runs them), each a child of the
 * request's span when it is traced: `check bearer` (the token), `check rate` (the grant's minute),
 * `check scope` (the tool's permission). A refusal marks its span with the refusal's code
 * (`error.type`: `invalid_token`, `rate_limited`, `insufficient_scope`); nothing of the token, the
 * grant or the person is put on them.
 */
export const BEARER_CHECK: ChildSpan = { name: "check bearer" };
export const RATE_CHECK: ChildSpan = { name: "check rate" };
export const SCOPE_CHECK: ChildSpan = { name: "check scope" };

/** Runs one check inside its span (none when the request is not traced). */
export function checkSpan<T>(check: ChildSpan, work: () => T): T {
  return inChildSpan(tracer, check, work);
}
