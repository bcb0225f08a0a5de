/**
 * A buffer's writer on a timer: `schedule()` asks for a write within `flushMs`; `flush()` writes now,
 * after any write in progress (writes never overlap). The timer does not keep the process alive.
 */
export function periodicFlush(write: () => Promise<void>, flushMs: number): { schedule(): void; flush(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function schedule(): void {
    if (timer !== undefined) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  }

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(write, write);
    return flushing;
  }

  return { schedule, flush };
}
