/**
 * The service for the bench's bulk and tracing parts, in a process of its own (`dist/bench-server.js`,
 * forked with an IPC channel by bulk.ts): the bench's requests then come from another process, so a stalled event
 * loop here delays them as it would any client's, and what this process measures of itself (its
 * event-loop delay, its peak memory) is the service's alone.
 *
 * Started with `BENCH_SERVER_DATABASE_URL` (and, behind PgBouncer, `BENCH_SERVER_DATABASE_DIRECT_URL`;
 * with the `OTEL_*` variables, traced as the service would be);
 * it binds a free port, answers `{ type: "listening", baseUrl }`, then:
 * - `{ type: "loop:start" }` begins (again) measuring the event loop's delay with
 *   `perf_hooks.monitorEventLoopDelay`, and answers `{ type: "loop:started" }`;
 * - `{ type: "loop:read" }` answers `{ type: "loop", ... }` (see `LoopReading`);
 * - `{ type: "stop" }` closes the service and leaves (so a `--cpu-prof` profile is written).
 */
import { loadConfig } from "../config.js";
import { delayMs, sampleEventLoop } from "../metrics/event-loop-delay.js";
import { startBenchService } from "./bench-service.js";

/** What the service process says of its event loop and memory. */
export interface LoopReading {
  /** Event-loop delay since `loop:start`, in ms. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** Delay samples taken (one per `RESOLUTION_MS` while the loop turns). */
  samples: number;
  /** The process's peak resident memory since it started (the kernel's figure), in bytes. */
  peakRssBytes: number;
  /** CPU time (user and system) the process used since `loop:start`, in s: against the wall time, how much of a core it had. */
  cpuSeconds: number;
}

export type BenchServerMessage =
  | { type: "listening"; baseUrl: string }
  | { type: "loop:started" }
  | ({ type: "loop" } & LoopReading)
  | { type: "failed"; message: string };

const send = (message: BenchServerMessage) => process.send?.(message);

async function main() {
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
  if (databaseUrl === undefined || process.send === undefined) throw new Error("bench-server is started by the bench (bulk.ts), with an IPC channel");
  const directUrl = process.env.BENCH_SERVER_DATABASE_DIRECT_URL;
  // The standard OTEL_* variables, read as the service reads them: set (the tracing part), requests are traced.
  const { tracing } = loadConfig(process.env);
  const tracer = tracing === undefined ? undefined : (await import("../tracing/start-tracing.js")).startTracing(tracing);
  const { server, service, baseUrl } = await startBenchService({ url: databaseUrl, directUrl }, tracing);

  let histogram = sampleEventLoop();
  histogram.disable();
  let cpuAtStart = process.cpuUsage();
  process.on("message", (message: { type: string }) => {
    if (message.type === "loop:start") {
      histogram.disable();
      histogram = sampleEventLoop();
      cpuAtStart = process.cpuUsage();
      send({ type: "loop:started" });
    } else if (message.type === "loop:read") {
      const cpu = process.cpuUsage(cpuAtStart);
      send({
        type: "loop",
        p50Ms: delayMs(histogram, 50),
        p99Ms: delayMs(histogram, 99),
        maxMs: delayMs(histogram, "max"),
        meanMs: delayMs(histogram, "mean"),
        samples: histogram.count,
        // resourceUsage().maxRSS is in KiB.
        peakRssBytes: process.resourceUsage().maxRSS * 1024,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      });
    } else if (message.type === "stop") {
      histogram.disable();
      server.closeAllConnections();
      server.close();
      service.close().then(
        async () => {
          await tracer?.shutdown();
          process.exit(0);
        },
        () => process.exit(1),
      );
    }
  });
  send({ type: "listening", baseUrl });
}

main().catch((error: unknown) => {
  send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
