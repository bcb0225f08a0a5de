import { createHistogram, type RecordableHistogram } from "node:perf_hooks";

/** One minute of the soak, as the load generator saw it and as the service's processes reported it. */
export interface SoakMinute {
  /** 1 for the first minute. */
  minute: number;
  /** Calls answered in the minute, by outcome. */
  answers: number;
  ok: number;
  /** The per-grant limit's refusals: expected at five times the limit, counted apart from errors. */
  refused429: number;
  /** Non-2xx other than 429 (5xx included), and calls with no answer at all (status 0). */
  errors: number;
  serverErrors: number;
  /** Ticks the generator skipped because too many calls were in flight. */
  skipped: number;
  /** Latency of the 2xx answers, ms. */
  okP50Ms: number;
  okP99Ms: number;
  /** Latency of every answer (429s included), ms. */
  allP99Ms: number;
  /** Each process's resident memory at the minute's end, MB. */
  rssMb: number[];
  /** Each process's event-loop delay over its last complete minute (`/metrics`), ms. */
  loopP99Ms: number[];
  loopMaxMs: number[];
  /** Account Workflow jobs waiting at the minute's end (`connector_job_queue_depth`), the largest any process reported. */
  workflowWaiting: number;
}

/** Microsecond histograms (1 µs to 60 s) of a minute's answers. */
const newHistogram = () => createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
const percentileMs = (histogram: RecordableHistogram, percentile: number) => (histogram.count === 0 ? Number.NaN : histogram.percentile(percentile) / 1000);

/** What the soak saw: every answer by kind and status, the minute's latencies, and the first errors' bodies. */
export class SoakTally {
  readonly byKind = new Map<string, Map<number, number>>();
  readonly errorSamples: string[] = [];
  private readonly whole = { ok: newHistogram(), all: newHistogram() };
  private minute = { ok: newHistogram(), all: newHistogram(), answers: 0, ok2xx: 0, refused: 0, errors: 0, serverErrors: 0, skipped: 0 };

  record(kind: string, status: number, ms: number, body: string): void {
    const statuses = this.byKind.get(kind) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byKind.set(kind, statuses);
    const micros = Math.max(1, Math.min(60_000_000, Math.round(ms * 1000)));
    this.minute.all.record(micros);
    this.whole.all.record(micros);
    this.minute.answers += 1;
    if (status >= 200 && status < 300) {
      this.minute.ok.record(micros);
      this.whole.ok.record(micros);
      this.minute.ok2xx += 1;
    } else if (status === 429) this.minute.refused += 1;
    else {
      this.minute.errors += 1;
      if (status >= 500) this.minute.serverErrors += 1;
      if (this.errorSamples.length < 10) this.errorSamples.push(`${kind} ${status}: ${body.slice(0, 300)}`);
    }
  }

  /** A tick with too many calls in flight: the load generator fell behind. */
  skip(): void {
    this.minute.skipped += 1;
  }

  /** Closes the minute: its counts and latencies, with the processes' figures the caller read. */
  closeMinute(minute: number, processes: Pick<SoakMinute, "rssMb" | "loopP99Ms" | "loopMaxMs" | "workflowWaiting">): SoakMinute {
    const closed = this.minute;
    this.minute = { ok: newHistogram(), all: newHistogram(), answers: 0, ok2xx: 0, refused: 0, errors: 0, serverErrors: 0, skipped: 0 };
    return {
      minute,
      answers: closed.answers,
      ok: closed.ok2xx,
      refused429: closed.refused,
      errors: closed.errors,
      serverErrors: closed.serverErrors,
      skipped: closed.skipped,
      okP50Ms: percentileMs(closed.ok, 50),
      okP99Ms: percentileMs(closed.ok, 99),
      allP99Ms: percentileMs(closed.all, 99),
      ...processes,
    };
  }

  /** The whole run's 2xx latency p50 and p99, ms. */
  overall(): { okP50Ms: number; okP99Ms: number; okMaxMs: number; allP99Ms: number } {
    return {
      okP50Ms: percentileMs(this.whole.ok, 50),
      okP99Ms: percentileMs(this.whole.ok, 99),
      okMaxMs: this.whole.ok.count === 0 ? Number.NaN : this.whole.ok.max / 1000,
      allP99Ms: percentileMs(this.whole.all, 99),
    };
  }

  /** Every answer by kind and status, as plain objects (for the JSON result). */
  statuses(): Record<string, Record<string, number>> {
    return Object.fromEntries([...this.byKind].sort().map(([kind, statuses]) => [kind, Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0]))]));
  }
}

/** Least-squares slope of `y` over `x`. */
export function leastSquaresSlope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const point of points) {
    numerator += (point.x - meanX) * (point.y - meanY);
    denominator += (point.x - meanX) ** 2;
  }
  return denominator === 0 ? Number.NaN : numerator / denominator;
}
