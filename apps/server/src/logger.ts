import { pino, type Logger } from "pino";
import { traceFields } from "./tracing/trace-fields.js";

export type { Logger };

/**
 * Structured JSON logs. Credentials and cookies are redacted at the source so that no token,
 * key, password or session id reaches a log line even if a request object is logged whole.
 * With `traceIds` (tracing is on), every line written inside a traced request carries its trace and
 * span ids (`trace_id`, `span_id`).
 */
export function createLogger(level: string, destination?: pino.DestinationStream, options: { traceIds?: boolean } = {}): Logger {
  return pino(
    {
      level,
      ...(options.traceIds === true ? { mixin: traceFields } : {}),
      base: { service: "connector" },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "password",
          "*.password",
          "token",
          "*.token",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
