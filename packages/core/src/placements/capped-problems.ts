import { isServiceError, ServiceError } from "../errors/service-error.js";
import { UPLOAD_PROBLEMS_LISTED } from "./placement-upload-limits.js";

/**
 * A file can hold a problem on every one of 100,000 rows: the first ones are listed, the rest
 * counted in the message. Any other error is answered as it is.
 */
export function withProblemsCapped(error: unknown): unknown {
  if (!isServiceError(error) || error.details === undefined || error.details.length <= UPLOAD_PROBLEMS_LISTED) return error;
  const total = error.details.length;
  return new ServiceError(
    error.code,
    `${total.toLocaleString("en-US")} problems in the file; nothing was saved. The first ${UPLOAD_PROBLEMS_LISTED} are listed: fix them (and rows like them) and send the file again.`,
    { ...(error.field === undefined ? {} : { field: error.field }), details: error.details.slice(0, UPLOAD_PROBLEMS_LISTED) },
  );
}
