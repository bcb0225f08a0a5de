import { type ErrorDetail, ServiceError } from "../errors/service-error.js";

/**
 * One answer for every problem of a batch: the first problem's code and field at the top (so a lone
 * bad amount is plainly `invalid_amount`), and every problem, in row order, in `details`.
 */
export function batchError(problems: readonly ErrorDetail[], what: string): ServiceError {
  const first = problems[0]!;
  const message =
    problems.length === 1
      ? first.message
      : `${problems.length} problems in the ${what}; nothing was saved. See details for each one.`;
  return new ServiceError(first.code, message, {
    ...(first.field === undefined ? {} : { field: first.field }),
    details: problems,
  });
}
