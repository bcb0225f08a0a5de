import { loggableError } from "@connector/core/errors";
import { asServiceError } from "@connector/http";
import type { Logger } from "./logger.js";

/**
 * Logs a failure the service answered with 5xx. An outage it answered as such (503: the database is
 * away or saturated, a vendor is not configured) is expected while it lasts and is logged at warn with
 * its code, one line per request and no stack; anything else is a defect, logged at error with frames.
 */
export function logServerFailure(logger: Logger, message: string, error: unknown, requestId?: string): void {
  const answered = asServiceError(error);
  if (answered.status === 503) {
    logger.warn({ code: answered.code, requestId }, message);
    return;
  }
  logger.error({ ...loggableError(error), requestId }, message);
}
