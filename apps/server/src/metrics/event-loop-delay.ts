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
const RESOLUTION_MS = 10;

const windowOf = (histogram: IntervalHistogram): LoopDelayWindow | undefined =>
  histogram.count === 0
    ? undefined
    : { p50Seconds: histogram.percentile(50) / 1e9, p99Seconds: histogram.percentile(99) / 1e9, maxSeconds: histogram.max / 1e9 };

/**
 * The event loop's delay in fixed windows of `windowMs` (a minute), whoever scrapes and however often:
 * prom-client's `nodejs_eventloop_lag_*` cover the time since the last scrape, so two scrapers (a
 * Prometheus pair) each see half. A window's figures stay until the next window ends.
 */
export function watchEventLoopDelay(windowMs = 60_000): EventLoopDelayWatch {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
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
