import { isServiceError } from "../errors/service-error.js";
import type { ConnectionActivityRecorder } from "../ports/connection-activity.js";

/** The stable code a failed call was answered with; anything unexpected is `internal_error`, as its answer. */
export const resultCodeOf = (error: unknown): string => (isServiceError(error) ? error.code : "internal_error");

/** Runs one tool call and tells the recorder how it ended; the call's own answer or error is untouched. */
export async function recordToolCall<T>(
  recorder: ConnectionActivityRecorder | undefined,
  call: { grantId: string; tool: string; now: () => Date },
  run: () => Promise<T>,
): Promise<T> {
  if (recorder === undefined) return run();
  const at = call.now().toISOString();
  try {
    const result = await run();
    recorder.record({ grantId: call.grantId, tool: call.tool, at, result: "ok" });
    return result;
  } catch (error) {
    recorder.record({ grantId: call.grantId, tool: call.tool, at, result: resultCodeOf(error) });
    throw error;
  }
}
