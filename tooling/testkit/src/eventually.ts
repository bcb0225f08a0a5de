/**
 * Waits for a condition instead of a fixed time: polls `check` until it is true or `timeoutMs`
 * passes, and says whether it became true (a last check runs at the deadline). The one
 * wait-with-a-deadline of the suites: readiness, a count in the database, a token refused.
 */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return check();
}
