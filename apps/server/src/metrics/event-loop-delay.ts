import { monitorEventLoopDelay } from "node:perf_hooks";

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;

/** Event-loop delay over one window: p50, p99 and the largest, in seconds. */
export interface LoopDelayWindow {
  p50Seconds: number;
  p99Seconds: number;
  maxSeconds: number;
}

export interface EventLoopDelayWatch {
  /** The last complete window, or the one under way until a window has completed. */
  latest(): LoopDelayWindow | undefined;
  stop(): void;
}

/** How often the process's loop is sampled (`monitorEventLoopDelay`'s resolution), in ms. */
export const RESOLUTION_MS = 10;

/** Starts sampling the loop's delay (read it with `delayMs`). */
export function sampleEventLoop(): IntervalHistogram {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return histogram;
}

/**
 * How late the loop was, in ms, at a percentile of the samples (or `"max"`, `"mean"`). A sample is the time
 * between two of the sampling timer's runs, so it holds the timer's own interval: an idle loop reads 10 ms,
 * and a 30 ms task 40 ms (Node's interval histogram; nodejs/node#62935 calls it the resolution's implicit
 * floor). The interval is taken off, leaving the delay itself.
 */
export function delayMs(histogram: IntervalHistogram, at: number | "max" | "mean"): number {
  const sample = at === "max" ? histogram.max : at === "mean" ? histogram.mean : histogram.percentile(at);
  return Math.max(0, sample / 1e6 - RESOLUTION_MS);
}

const windowOf = (histogram: IntervalHistogram): LoopDelayWindow | undefined =>
  histogram.count === 0
    ? undefined
    : { p50Seconds: delayMs(histogram, 50) / 1e3, p99Seconds: delayMs(histogram, 99) / 1e3, maxSeconds: delayMs(histogram, "max") / 1e3 };

/**
 * The event loop's delay in fixed windows of `windowMs` (a minute), whoever scrapes and however often:
 * prom-client's `nodejs_eventloop_lag_*` cover the time since the last scrape, so two scrapers (a
 * Prometheus pair) each see half. A window's figures stay until the next window ends.
 */
export function watchEventLoopDelay(windowMs = 60_000): EventLoopDelayWatch {
  const histogram = sampleEventLoop();
  let last: LoopDelayWindow | undefined;
  const timer = setInterval(() => {
    last = windowOf(histogram) ?? last;
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    latest: () => last ?? windowOf(histogram),
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
