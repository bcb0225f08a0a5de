import type { Database, PoolStats, WorkflowBacklog } from "@connector/store";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { LoopDelayWindow } from "./event-loop-delay.js";

/**
 * The operator's numbers, in one prom-client registry per service (never the global one, so
 * several services in one test process keep theirs apart). Every label is a route template, a
 * status, a tool name, an error code or a fixed reason: never an id, an address, a person or a token.
 */
export interface ServiceMetrics {
  registry: Registry;
  /** Its `_count` is the requests by route and status. */
  httpDuration: Histogram<"method" | "route" | "status">;
  toolCalls: Counter<"tool" | "outcome">;
  rateLimitRefusals: Counter<"route">;
  databaseUnavailable: Counter;
  signInFailures: Counter<"reason">;
}

/** Seconds: the connector hot path answers in milliseconds; the tail up to the 10 s request budget. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "connector_http_request_duration_seconds",
      help: "HTTP requests by method, route template and status, and how long they took.",
      labelNames: ["method", "route", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    toolCalls: new Counter({
      name: "connector_tool_calls_total",
      help: "Connector tool calls (REST and MCP) by tool and outcome: ok, or the error code answered.",
      labelNames: ["tool", "outcome"],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "connector_rate_limit_refusals_total",
      help: "Requests refused with 429 (per-grant connector limit, sign-in and registration limits) by route template.",
      labelNames: ["route"],
      registers,
    }),
    databaseUnavailable: new Counter({
      name: "connector_database_unavailable_total",
      help: "Database operations refused because the database could not be reached in time; each is answered 503.",
      registers,
    }),
    signInFailures: new Counter({
      name: "connector_sign_in_failures_total",
      help: "Failed sign-ins by reason (never the email tried).",
      labelNames: ["reason"],
      registers,
    }),
  };
}

/** Gauges read when scraped: the PostgreSQL pool (this process's) and the Account Workflow backlog (the database's). */
export function observeDatabase(
  metrics: ServiceMetrics,
  database: Database,
  workflowBacklog: () => Promise<WorkflowBacklog>,
  now: () => number,
): void {
  const registers = [metrics.registry];
  const poolStats = database.poolStats;
  if (poolStats !== undefined) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge("connector_database_pool_max", "Most PostgreSQL connections this process opens.", (stats) => stats.max);
    poolGauge("connector_database_pool_open", "PostgreSQL connections open now.", (stats) => stats.open);
    poolGauge("connector_database_pool_in_use", "PostgreSQL connections lent out now.", (stats) => stats.inUse);
    poolGauge("connector_database_pool_waiting", "Requests waiting for a PostgreSQL connection now.", (stats) => stats.waiting);
  }
  // One query serves both gauges: a scrape collects them together, and the second joins the first's query.
  let latest: Promise<WorkflowBacklog | undefined> | undefined;
  const backlog = () => {
    latest ??= workflowBacklog()
      .catch(() => undefined)
      .finally(() => {
        latest = undefined;
      });
    return latest;
  };
  new Gauge({
    name: "connector_workflow_runs",
    help: "Account Workflow runs queued, running and failed (the whole database; every process reports the same).",
    labelNames: ["status"],
    registers,
    async collect() {
      const runs = await backlog();
      this.reset();
      if (runs === undefined) return;
      for (const status of ["queued", "running", "failed"] as const) this.set({ status }, runs[status]);
    },
  });
  new Gauge({
    name: "connector_workflow_oldest_queued_age_seconds",
    help: "How long the longest-waiting queued Account Workflow run has waited (0 when none waits).",
    registers,
    async collect() {
      const runs = await backlog();
      const queuedAt = runs?.oldestQueuedAt === undefined ? Number.NaN : Date.parse(runs.oldestQueuedAt);
      this.set(Number.isNaN(queuedAt) ? 0 : Math.max(0, (now() - queuedAt) / 1000));
    },
  });
}

/** A job queue's gauge reading: jobs waiting for a worker and when the oldest was queued (ms since the epoch). */
export interface QueueReading {
  waiting: number;
  oldestQueuedAt: number | undefined;
}

/**
 * Job queues by name (`placement`, `account_workflow`): how many jobs wait and how long the oldest has
 * waited, read when scraped, each queue once per scrape for both gauges. A queue that cannot be read
 * (the database away) is left out of that scrape rather than reported as empty.
 */
export function observeJobQueues(metrics: ServiceMetrics, queues: Record<string, () => Promise<QueueReading>>, now: () => number): void {
  const registers = [metrics.registry];
  const pending = new Map<string, Promise<QueueReading | undefined>>();
  const read = (queue: string) => {
    let reading = pending.get(queue);
    if (reading === undefined) {
      reading = queues[queue]!()
        .catch(() => undefined)
        .finally(() => pending.delete(queue));
      pending.set(queue, reading);
    }
    return reading;
  };
  const readAll = async () => Promise.all(Object.keys(queues).map(async (queue) => [queue, await read(queue)] as const));
  new Gauge({
    name: "connector_job_queue_depth",
    help: "Jobs waiting for a worker (retries waiting out their backoff included), by queue: placement (files placed as jobs, unfinished) and account_workflow (the engine's queue: in-process on SQLite, pg-boss on PostgreSQL).",
    labelNames: ["queue"],
    registers,
    async collect() {
      const readings = await readAll();
      this.reset();
      for (const [queue, reading] of readings) if (reading !== undefined) this.set({ queue }, reading.waiting);
    },
  });
  new Gauge({
    name: "connector_job_queue_oldest_age_seconds",
    help: "How long the oldest job waiting in each queue has waited (0 when none waits).",
    labelNames: ["queue"],
    registers,
    async collect() {
      const readings = await readAll();
      this.reset();
      for (const [queue, reading] of readings) {
        if (reading === undefined) continue;
        this.set({ queue }, reading.oldestQueuedAt === undefined ? 0 : Math.max(0, (now() - reading.oldestQueuedAt) / 1000));
      }
    },
  });
}

/** The event loop's delay over the last complete minute (p50, p99, max), whoever scrapes. */
export function observeEventLoopDelay(metrics: ServiceMetrics, latest: () => LoopDelayWindow | undefined): void {
  new Gauge({
    name: "connector_event_loop_delay_seconds",
    help: "Event-loop delay of this process over the last complete minute (monitorEventLoopDelay sampled every 10 ms, the interval taken off each sample): quantile 0.5, 0.99 and 1 (the largest). The same for every scraper, unlike nodejs_eventloop_lag_*, which cover the time since the last scrape.",
    labelNames: ["quantile"],
    registers: [metrics.registry],
    collect() {
      const window = latest();
      this.reset();
      if (window === undefined) return;
      this.set({ quantile: "0.5" }, window.p50Seconds);
      this.set({ quantile: "0.99" }, window.p99Seconds);
      this.set({ quantile: "1" }, window.maxSeconds);
    },
  });
}

/** What a finished backup reports to the gauges. */
export interface BackupOutcome {
  finishedAtMs: number;
  durationSeconds: number;
  sizeBytes: number;
}

export interface BackupMetrics {
  succeeded(outcome: BackupOutcome): void;
  failed(): void;
}

/** Scheduled backups' gauges (registered only when they are configured). */
export function backupMetrics(metrics: ServiceMetrics): BackupMetrics {
  const registers = [metrics.registry];
  const lastSuccess = new Gauge({
    name: "connector_backup_last_success_timestamp_seconds",
    help: "When the last scheduled backup of the SQLite database finished (Unix time, seconds); 0 before the first.",
    registers,
  });
  const duration = new Gauge({ name: "connector_backup_last_duration_seconds", help: "How long the last successful scheduled backup took.", registers });
  const size = new Gauge({ name: "connector_backup_last_size_bytes", help: "Size of the last successful scheduled backup's file.", registers });
  const failures = new Counter({ name: "connector_backup_failures_total", help: "Scheduled backups that failed (the log line says why).", registers });
  lastSuccess.set(0);
  return {
    succeeded(outcome) {
      lastSuccess.set(outcome.finishedAtMs / 1000);
      duration.set(outcome.durationSeconds);
      size.set(outcome.sizeBytes);
    },
    failed: () => failures.inc(),
  };
}
