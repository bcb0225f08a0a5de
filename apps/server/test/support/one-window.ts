/**
 * Limits count in fixed windows aligned to the epoch (`countInFixedWindow`), on the clock the test
 * and the server processes share (one machine). A run of calls that crosses a window's end starts
 * counting again half-way, and then says nothing about the limit. Instead of waiting for a fresh
 * window (up to a whole minute), the calls run at once; a run seen to straddle a boundary (its first
 * and last moments in different windows) is thrown away and made again with fresh keys. It then
 * starts just after the boundary, with the whole window ahead, so a second straddle means the run
 * is longer than the window itself.
 */
export async function inOneWindow<T>(windowMs: number, run: (attempt: number) => Promise<T>): Promise<T> {
  const windowOf = (ms: number) => Math.floor(ms / windowMs);
  for (let attempt = 1; attempt <= 2; attempt++) {
    const first = windowOf(Date.now());
    const result = await run(attempt);
    if (windowOf(Date.now()) === first) return result;
  }
  throw new Error(`two runs in a row each crossed the end of a ${windowMs} ms window: the run takes longer than the window`);
}
