/** Stack frames kept per error: enough to find the call site, short enough for a log line. */
const MAX_FRAMES = 10;
/** How many `cause` links are followed (a ServiceError wrapping a driver error, say). */
const MAX_CAUSES = 3;

/**
 * What of an unexpected error may be logged: its class, its code and its call sites, and the same
 * for its `cause` chain. The message is left out, and so is every other property, because driver
 * errors can quote row values in them (an email in a unique-key violation, a `detail` field).
 * Only lines of the stack that are frames (`at ...`) are kept: the stack starts with the message,
 * which may run over several lines.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  return describe(error, MAX_CAUSES);
}

function describe(error: unknown, causes: number): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: error === null ? "null" : typeof error };
  const code = (error as { code?: unknown }).code;
  const stack = error.stack ?? "";
  // The stack opens with the message; cut it off whole when it is there verbatim, so no line of a
  // multi-line message can pass the filter below by happening to start with "at ".
  const header = `${error.name}: ${error.message}`;
  const frames = (stack.startsWith(header) ? stack.slice(header.length) : stack)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "))
    .slice(0, MAX_FRAMES);
  const details: Record<string, unknown> = { name: error.name, frames };
  if (typeof code === "string" || typeof code === "number") details.code = code;
  if (error.cause !== undefined && causes > 0) details.cause = describe(error.cause, causes - 1);
  return details;
}
