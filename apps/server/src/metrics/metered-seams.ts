import type { AuthLogger } from "@connector/auth";
import type { ConnectionActivityRecorder } from "@connector/core/ports";
import type { ServiceMetrics } from "./service-metrics.js";

/** The message the authorization server logs a failed sign-in under (its security event). */
const SIGN_IN_FAILED = "sign-in failed";

/** Counts each connector tool call by tool and outcome on its way to the connection's trail. */
export function meteredActivity(recorder: ConnectionActivityRecorder, metrics: ServiceMetrics): ConnectionActivityRecorder {
  return {
    record(entry) {
      metrics.toolCalls.inc({ tool: entry.tool, outcome: entry.result });
      recorder.record(entry);
    },
  };
}

/** Counts the authorization server's failed sign-ins by reason as they are logged (the line names no email). */
export function meteredAuthLogger(logger: AuthLogger, metrics: ServiceMetrics): AuthLogger {
  return {
    info: (details, message) => logger.info(details, message),
    warn(details, message) {
      if (message === SIGN_IN_FAILED) {
        const reason = (details as { reason?: unknown }).reason;
        metrics.signInFailures.inc({ reason: typeof reason === "string" ? reason : "unknown" });
      }
      logger.warn(details, message);
    },
    error: (details, message) => logger.error(details, message),
  };
}
