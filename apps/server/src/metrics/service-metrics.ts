import type { Database, PoolStats, WorkflowBacklog } from "@connector/store";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

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
