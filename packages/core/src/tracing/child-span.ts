import { type Attributes, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";

/** A code safe to put on a span: a stable word (`invalid_token`, `SQLITE_BUSY`, `23505`), never a message. */
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The `error.type` of a failure (OpenTelemetry's general attribute): the service's stable code
 * (`ServiceError`, `BearerError`, `StoreUnavailableError`, a driver's code), else the error's class
 * (`TypeError`), else `_OTHER`. Never the message, which can repeat what the caller sent.
 */
export function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && CODE.test(code)) return code;
  const name = (error as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === "string" && CODE.test(name) && name !== "Object" ? name : "_OTHER";
}

/** Marks `span` as failed with `error`'s type (status ERROR, `error.type`); no message, no exception event. */
export function markFailed(span: Span, error: unknown): void {
  span.setAttribute("error.type", errorTypeOf(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** What a child span is: its name, kind (internal unless said) and attributes, all fixed words or ids. */
export interface ChildSpan {
  name: string;
  kind?: SpanKind;
  attributes?: Attributes;
}

/**
 * Runs `work` inside a child span of the span active now, when that span is recording (a request
 * being traced); otherwise runs it alone. So a step makes a span only inside a traced request: a
 * host without an OpenTelemetry SDK (no span is ever active) pays one lookup, and background work
 * (flushes, workflow steps) starts no trace of its own. A failure marks the span (`markFailed`) and
 * is rethrown unchanged; the span ends when `work` settles, synchronously or not. `span` may be a
 * function, called only when a span is made (a description that costs something to compute).
 */
export function inChildSpan<T>(tracer: Tracer, span: ChildSpan | (() => ChildSpan), work: () => T): T {
  if (trace.getActiveSpan()?.isRecording() !== true) return work();
  const { name, kind = SpanKind.INTERNAL, attributes = {} } = typeof span === "function" ? span() : span;
  return tracer.startActiveSpan(name, { kind, attributes }, (child) => {
    let result: T;
    try {
      result = work();
    } catch (error) {
      markFailed(child, error);
      child.end();
      throw error;
    }
    if (!(result instanceof Promise)) {
      child.end();
      return result;
    }
    return result.then(
      (value) => {
        child.end();
        return value;
      },
      (error: unknown) => {
        markFailed(child, error);
        child.end();
        throw error;
      },
    ) as T;
  });
}
