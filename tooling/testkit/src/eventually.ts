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

/**
 * `eventually` for a value: reads until `accept` takes what was read or `timeoutMs` passes, and
 * returns the last read either way, so the caller's assertions on it say what was wrong.
 */
export async function readUntil<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  let last!: T;
  await eventually(
    async () => {
      last = await read();
      return accept(last);
    },
    timeoutMs,
    everyMs,
  );
  return last;
}
