/**
 * The bench's tracing part (issue 50): what tracing costs a connector call. Three services, each in a
 * process of its own (bench-server.ts) on its own SQLite file: one started without the `OTEL_*`
 * variables (tracing off, as a deployment that sets none), one exporting every request's spans over
 * OTLP/HTTP to a collector's stand-in on loopback, one sampling a request in ten
 * (`parentbased_traceidratio`, 0.1). `list_accounts` over REST and over MCP is loaded on each in turn,
 * round after round, so the on/off ratios are taken within a round. Each service
 * reports the CPU it spent (its own process's, not the bench's). Then the hooks a traced call passes
 * through are timed with no SDK registered (this process registers none): what the code left in the
 * request path costs when tracing is off.
 */
import { type ChildSpan, inChildSpan } from "@connector/core/tracing";
import { type FakeOtlpCollector, startFakeOtlpCollector } from "@connector/testkit";
import { trace } from "@opentelemetry/api";
import { traceFields } from "../tracing/trace-fields.js";
import { benchDatabase } from "./bench-database.js";
import { ServerProcess } from "./bulk.js";
import { connectDesk } from "./connect-desk.js";
import { postLoad } from "./http-load.js";
import { medianRatio, type Round, roundRatios, summarize } from "./load-rounds.js";
import type { Check, HttpSection } from "./report.js";

export interface TracingCost {
  section: HttpSection;
  lines: string[];
}

/** One loaded target: a service, an address and what is posted to it. */
interface Target {
  name: string;
  server: ServerProcess;
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** How many hooks a traced REST `list_accounts` passes: the request's span, three checks, the tool, its input, its statement, the log line's ids. */
const HOOKS_PER_CALL = 8;

async function startService(env: Record<string, string>) {
  const database = await benchDatabase("embedded");
  const { server, baseUrl } = await ServerProcess.start(database, env);
  const { accessToken } = await connectDesk(baseUrl);
  return {
    server,
    baseUrl,
    accessToken,
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}

/** One target's load, with the CPU its service's process spent on it. */
async function loadTarget(target: Target, seconds: number) {
  await target.server.startLoopMeasure();
  const result = await postLoad(target.url, target.body, target.headers, seconds);
  const { cpuSeconds } = await target.server.readLoop();
  return { ...result, cpuMicrosPerRequest: (cpuSeconds * 1e6) / result.calls };
}

/** What the timed loops add up, kept where the compiler cannot drop the work that made it. */
let sink = 0;

/** ns per call of a child span's hook with no SDK registered (no span is active, so none is made), beyond the work itself. */
function offPathNanoseconds(): number {
  const tracer = trace.getTracer("@connector/bench");
  const span: ChildSpan = { name: "check bench" };
  const work = () => 1;
  const calls = 2_000_000;
  const time = (run: () => void) => {
    const started = process.hrtime.bigint();
    run();
    return Number(process.hrtime.bigint() - started) / calls;
  };
  let extra = Number.NaN;
  // Twice, so the second pass times code the JIT has compiled.
  for (let pass = 0; pass < 2; pass++) {
    const bare = time(() => {
      for (let index = 0; index < calls; index++) sink += work();
    });
    const hooked = time(() => {
      for (let index = 0; index < calls; index++) sink += inChildSpan(tracer, span, work) + Object.keys(traceFields()).length;
    });
    extra = Math.max(0, hooked - bare);
  }
  // Every call did its work, and no trace id was ever found: no SDK is registered in this process.
  if (sink !== 4 * calls) throw new Error(`the off path's loops added up to ${sink}, not ${4 * calls}: is an OpenTelemetry SDK registered here?`);
  return extra;
}

export async function benchTracing(rounds: number, seconds: number): Promise<TracingCost> {
  // The collector's stand-in only counts what it is sent: decoding would take CPU from the services.
  const collector: FakeOtlpCollector = await startFakeOtlpCollector({ decode: false });
  const off = await startService({});
  const on = await startService({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "connector-bench" });
  // What an operator who samples pays: one request in ten traced (the rest make their request's span only, not recording).
  const sampled = await startService({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_SERVICE_NAME: "connector-bench",
    OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
    OTEL_TRACES_SAMPLER_ARG: "0.1",
  });
  try {
    const rest = (service: typeof off) => ({
      url: `${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`,
      body: JSON.stringify({ limit: 20 }),
      headers: { authorization: `Bearer ${service.accessToken}` },
    });
    const mcp = (service: typeof off) => ({
      url: `${service.baseUrl}/mcp/desk`,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: { limit: 20 } } }),
      headers: { authorization: `Bearer ${service.accessToken}`, accept: "application/json, text/event-stream" },
    });
    const targets: Target[] = [
      { name: "REST, tracing off", server: off.server, ...rest(off) },
      { name: "REST, tracing on", server: on.server, ...rest(on) },
      { name: "REST, 10% sampled", server: sampled.server, ...rest(sampled) },
      { name: "MCP, tracing off", server: off.server, ...mcp(off) },
      { name: "MCP, tracing on", server: on.server, ...mcp(on) },
    ];
    // A short unrecorded round first, so no recorded round pays for the JIT's first compilation.
    for (const target of targets) await loadTarget(target, 1);
    const exportedBefore = collector.requests.length;
    const results: Round[] = [];
    for (let round = 0; round < rounds; round++) {
      const thisRound: Round = new Map();
      for (const target of targets) thisRound.set(target.name, await loadTarget(target, seconds));
      results.push(thisRound);
    }
    const exports = collector.requests.slice(exportedBefore);
    const offPathNs = offPathNanoseconds();
    const restOff = summarize(results, "REST, tracing off");
    const ratioCheck = (numerator: string, denominator: string, atLeast: number): Check => ({
      name: `${numerator} / ${denominator}`,
      value: medianRatio(results, numerator, denominator),
      rounds: roundRatios(results, numerator, denominator),
      target: { atLeast },
    });
    // The hooks a call passes with tracing off, against the CPU that call takes: what "off" costs.
    const offShare = (HOOKS_PER_CALL * offPathNs) / (restOff.cpuMicrosPerRequest * 1000);
    const checks: Check[] = [
      ratioCheck("REST, tracing on", "REST, tracing off", 0.5),
      ratioCheck("REST, 10% sampled", "REST, tracing off", 0.9),
      ratioCheck("MCP, tracing on", "MCP, tracing off", 0.5),
      { name: `tracing off: ${HOOKS_PER_CALL} hooks × ${offPathNs.toFixed(0)} ns, as a share of a REST call's CPU`, value: offShare, target: { atMost: 0.01 } },
    ];
    const section: HttpSection = {
      title: `Tracing: \`list_accounts\` (limit 20) on SQLite, each service in its own process, off (no \`OTEL_*\`), on (every request exported over OTLP/HTTP protobuf to a sink on loopback) and 10% sampled, 16 connections, ${rounds} rounds of ${seconds} s; CPU is the service process's`,
      targets: targets.map(({ name }) => ({ name, rounds: results.map((round) => round.get(name)!), median: summarize(results, name) })),
      checks,
    };
    const megabytes = exports.reduce((sum, request) => sum + request.bytes, 0) / 1e6;
    const format = (value: number, digits = 1) => value.toFixed(digits).padStart(9);
    const row = (name: string) => {
      const result = summarize(results, name);
      return `  ${name.padEnd(20)}${format(result.requestsPerSecond, 0)} ${format(result.p99Ms)} ${format(result.cpuMicrosPerRequest, 0)}    ${String(result.non2xx).padStart(6)}`;
    };
    const lines = [
      `Tracing: list_accounts (limit 20), SQLite, each service in its own process, 16 connections, ${rounds} rounds of ${seconds} s each:`,
      "                           req/s    p99 ms  CPU µs/req  non-2xx",
      ...targets.map(({ name }) => row(name)),
      ...checks.map((check) => `  ${check.name.padEnd(58)} ${check.value.toFixed(3)}  ${check.rounds === undefined ? "" : `(rounds: ${check.rounds.map((value) => value.toFixed(2)).join(" ")})`}`),
      `  exported while loaded: ${exports.length} OTLP requests, ${megabytes.toFixed(1)} MB`,
      "",
    ];
    return { section, lines };
  } finally {
    await sampled.close();
    await on.close();
    await off.close();
    await collector.close();
  }
}
