/**
 * `pnpm bench`: throughput, p99, server CPU per request and (PostgreSQL) database statements per
 * request of an authenticated list_accounts over REST and over MCP beside bare Express answering a
 * body of the same size, on SQLite, on PostgreSQL and on PostgreSQL through PgBouncer; the tracing
 * part (tracing-cost.ts: the same calls with tracing off and on, each service in its own process); then
 * list_accounts page latency on a desk of 10,000 versus 1,000,000 accounts; then the bulk part (bulk.ts:
 * 100,000 accounts previewed and placed through the upload doors with Account Workflow, on SQLite and on
 * PostgreSQL, with the service in a process of its own). Parts run one after
 * another, so the ratios compare like with like on a noisy machine. PostgreSQL parts use a fresh
 * database on TEST_PG_URL (as the tests do), PgBouncer the one on TEST_PGBOUNCER_URL. The figures are
 * printed and written, with the machine and its load, to docs/benchmark-report.md (`BENCH_REPORT` names
 * another file).
 */
import { fileURLToPath } from "node:url";
import { startBenchService } from "./bench-service.js";
import { startBareExpress } from "./bare-express.js";
import { benchDatabase, SETUP_NAMES, type Setup } from "./bench-database.js";
import { connectDesk } from "./connect-desk.js";
import type { DpopLoadKey } from "./dpop-load.js";
import { type LoadTarget, loadInRounds, medianRatio, roundRatios, summarize } from "./load-rounds.js";
import { profileTargets } from "./profiled-rounds.js";
import { measurePageLatencies, type PageLatency } from "./page-latency.js";
import { measurePostgresSteps, type StepCost } from "./postgres-steps.js";
import { type BenchReport, bulkChecks, type Check, type HttpSection, machineNow, serviceNodeFlags, writeBulkSection, writeReport } from "./report.js";
import { benchBulk, type BulkResult } from "./bulk.js";
import { benchTracing } from "./tracing-cost.js";

/** Seconds of load per target, split over rounds that take turns (see load-rounds.ts). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 21);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/**
 * `BENCH_PARTS=http`, `tracing`, `postgres`, `pgbouncer`, `steps`, `pages` or `bulk` (comma-separated), or the same
 * names after `--only` (`pnpm --filter @connector/server bench -- --only bulk`), runs some parts, e.g.
 * under a profiler. A run of the bulk part alone replaces only its section of the report.
 */
const PARTS = new Set((onlyArgument() ?? process.env.BENCH_PARTS ?? "http,tracing,postgres,pgbouncer,steps,pages,bulk").split(","));
/** The bulk part's set-ups: `BENCH_BULK_SETUPS=embedded` (SQLite) or `shared` (PostgreSQL); both by default. */
const BULK_SETUPS = (process.env.BENCH_BULK_SETUPS ?? "embedded,shared").split(",") as Setup[];
/** The report file: the repository's docs/benchmark-report.md (this runs as apps/server/dist/bench.js). */
const REPORT = process.env.BENCH_REPORT ?? fileURLToPath(new URL("../../../docs/benchmark-report.md", import.meta.url));

/**
 * DPoP's budget on the hot path (docs/decisions.md, "DPoP"): a proof is one signature verification (Web Crypto,
 * through jose) and, on PostgreSQL, one insert of its jti, the statement that shares the replay store between
 * processes; the key's import and thumbprint are done once per client. Measured on the 2-core machine: about
 * 370 µs more CPU per call on SQLite, about 900 µs on PostgreSQL.
 */
const DPOP_RATIO_TARGET = 0.4;
const DPOP_CPU_TARGET_MICROS = { embedded: 400, shared: 1000, pgbouncer: 1000 } as const satisfies Record<Setup, number>;

/** Which setup each `BENCH_PARTS` name measures. */
const PART_SETUPS = { http: "embedded", postgres: "shared", pgbouncer: "pgbouncer" } as const satisfies Record<string, Setup>;

async function startService(setup: Setup) {
  const database = await benchDatabase(setup);
  const { server, service, baseUrl } = await startBenchService(database);
  const { accessToken } = await connectDesk(baseUrl);
  // A second connection bound to a DPoP key (RFC 9449). Extractable: the load's own process signs with it.
  const key = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const bound = await connectDesk(baseUrl, ["desk:read"], "Benchmark with DPoP", key);
  const dpop: DpopLoadKey = {
    accessToken: bound.accessToken,
    privateJwk: await crypto.subtle.exportKey("jwk", key.privateKey),
    publicJwk: await crypto.subtle.exportKey("jwk", key.publicKey),
    nonce: async () => (await fetch(`${baseUrl}/oauth/token`, { method: "POST", headers: { dpop: "nonce?" } })).headers.get("dpop-nonce")!,
  };
  return {
    baseUrl,
    accessToken,
    dpop,
    statementsSent: service.database.statementsSent,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      await database.drop();
    },
  };
}

const format = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

interface HttpBench {
  lines: string[];
  restCpuMicros: number;
  section: HttpSection;
}

async function benchHttp(setup: Setup): Promise<HttpBench> {
  const service = await startService(setup);
  const auth = { authorization: `Bearer ${service.accessToken}` };
  const args = JSON.stringify({ limit: 20 });
  const restUrl = `${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`;
  const restBody = await (
    await fetch(restUrl, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: args })
  ).text();
  const bare = await startBareExpress(restBody);
  const mcpRequest = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "list_accounts", arguments: { limit: 20 } },
  });
  const mcpHeaders = { ...auth, accept: "application/json, text/event-stream" };
  const counted = service.statementsSent === undefined ? {} : { statementsSent: service.statementsSent };
  const targets: LoadTarget[] = [
    { name: "bare Express", url: bare.url, body: args, headers: {} },
    { name: "REST", url: restUrl, body: args, headers: auth, ...counted },
    { name: "MCP", url: `${service.baseUrl}/mcp/desk`, body: mcpRequest, headers: mcpHeaders, ...counted },
    // REST again with a DPoP-bound token: a fresh proof on every call, checked, its jti recorded.
    { name: "DPoP", url: restUrl, body: args, headers: {}, dpop: service.dpop, ...counted },
  ];
  const only = process.env.BENCH_ONLY;
  const chosen = targets.filter((target) => !only || only.split(",").includes(target.name.split(" ")[0]!.toLowerCase()));
  // A short unrecorded round first, so no recorded round pays for the JIT's first compilation.
  await loadInRounds(chosen, 1, 1);
  const rounds = await loadInRounds(chosen, ROUNDS, SECONDS / ROUNDS);
  const profile = process.env.BENCH_PROFILE;
  if (profile !== undefined) process.stdout.write(`${(await profileTargets(profile, setup, chosen, SECONDS / ROUNDS)).join("\n")}\n`);
  await bare.close();
  await service.close();

  const row = (name: string) => {
    const result = summarize(rounds, name);
    const statements = Number.isNaN(result.statementsPerRequest) ? "" : format(result.statementsPerRequest, 2);
    return `  ${name.padEnd(13)}${format(result.requestsPerSecond, 0)} ${format(result.p99Ms)} ${format(result.cpuMicrosPerRequest, 0)}    ${String(result.non2xx).padStart(6)} ${statements}`;
  };
  const ratio = (numerator: string, denominator: string) =>
    `${medianRatio(rounds, numerator, denominator).toFixed(2)}  (rounds: ${roundRatios(rounds, numerator, denominator)
      .map((value) => value.toFixed(2))
      .join(" ")})`;
  const rest = summarize(rounds, "REST");
  const dpop = summarize(rounds, "DPoP");
  const ratioCheck = (numerator: string, denominator: string, atLeast: number): Check => ({
    name: `${numerator} / ${denominator}`,
    value: medianRatio(rounds, numerator, denominator),
    rounds: roundRatios(rounds, numerator, denominator),
    target: { atLeast },
  });
  const section: HttpSection = {
    title: `${SETUP_NAMES[setup]}: \`list_accounts\` (limit 20, ${restBody.length} B body), 16 connections, ${ROUNDS} rounds of ${SECONDS / ROUNDS} s`,
    targets: chosen.map(({ name }) => ({
      name,
      rounds: rounds.map((round) => round.get(name)!),
      median: summarize(rounds, name),
    })),
    checks: [
      ratioCheck("REST", "bare Express", setup === "embedded" ? 0.6 : 0.5),
      ratioCheck("MCP", "REST", 0.9),
      ratioCheck("DPoP", "REST", DPOP_RATIO_TARGET),
      {
        name: "CPU µs a DPoP proof adds to a REST call",
        value: dpop.cpuMicrosPerRequest - rest.cpuMicrosPerRequest,
        rounds: rounds.map((round) => (round.get("DPoP")?.cpuMicrosPerRequest ?? Number.NaN) - (round.get("REST")?.cpuMicrosPerRequest ?? Number.NaN)),
        target: { atMost: DPOP_CPU_TARGET_MICROS[setup] },
      },
      ...(setup === "embedded"
        ? []
        : [
            {
              name: "statements per REST call",
              value: rest.statementsPerRequest,
              rounds: rounds.map((round) => round.get("REST")?.statementsPerRequest ?? Number.NaN),
              target: { atMost: 1.2 },
            },
          ]),
    ],
  };
  return {
    section,
    restCpuMicros: rest.cpuMicrosPerRequest,
    lines: [
      `list_accounts (limit 20, ${restBody.length} B body), 16 connections, ${ROUNDS} rounds of ${SECONDS / ROUNDS} s each, ${SETUP_NAMES[setup]}:`,
      `                    req/s    p99 ms  CPU µs/req  non-2xx${setup === "embedded" ? "" : "  statements/req"}`,
      row("bare Express"),
      row("REST"),
      row("MCP"),
      row("DPoP"),
      "  throughput ratios, median of the rounds:",
      `  REST / bare Express   ${ratio("REST", "bare Express")}  target >= ${setup === "embedded" ? "0.6" : "0.5"}`,
      `  MCP / REST            ${ratio("MCP", "REST")}  target >= 0.9`,
      `  DPoP / REST           ${ratio("DPoP", "REST")}  target >= ${DPOP_RATIO_TARGET}`,
      `  CPU a DPoP proof adds per call  ${(dpop.cpuMicrosPerRequest - rest.cpuMicrosPerRequest).toFixed(0)} µs  target <= ${DPOP_CPU_TARGET_MICROS[setup]}`,
      ...(setup === "embedded" ? [] : [`  statements per REST list_accounts  ${rest.statementsPerRequest.toFixed(2)}  target <= 1.2`]),
      "",
    ],
  };
}

async function benchPages(): Promise<{ lines: string[]; small: PageLatency; large: PageLatency }> {
  const [small, large] = (await measurePageLatencies([10_000, 1_000_000])) as [PageLatency, PageLatency];
  const lines = [
    "list_accounts page (limit 50) through core's handler path, cursors across the whole desk, the desks taking turns, SQLite:",
    "                       p50 ms    p99 ms",
    `  10,000 accounts  ${format(small.p50Ms, 3)} ${format(small.p99Ms, 3)}`,
    `  1,000,000        ${format(large.p50Ms, 3)} ${format(large.p99Ms, 3)}`,
    `  1M / 10k page latency  p50 ${(large.p50Ms / small.p50Ms).toFixed(2)}  p99 ${(large.p99Ms / small.p99Ms).toFixed(2)}  (target <= 1.2)`,
  ];
  return { lines, small, large };
}

/** The parts after `--only` on the command line (pnpm may pass its `--` on). */
function onlyArgument(): string | undefined {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const at = args.indexOf("--only");
  return at < 0 ? args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length) : args[at + 1];
}

/** `pnpm bench`, with the settings of this run that differ from the defaults. */
function command(): string {
  const settings = ["BENCH_PARTS", "BENCH_SECONDS", "BENCH_ROUNDS", "BENCH_ONLY", "BENCH_PROFILE", "BENCH_BULK_SETUPS", "BENCH_BULK_WORKFLOW_SECONDS", "BENCH_CPU_PROF"].filter(
    (name) => process.env[name] !== undefined,
  );
  const only = onlyArgument();
  return [...settings.map((name) => `${name}=${process.env[name]}`), "pnpm bench", ...(only === undefined ? [] : [`-- --only ${only}`])].join(" ");
}

function bulkLines(results: readonly BulkResult[]): string[] {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(
      `Bulk, ${result.setup}: ${result.rows} rows (${(result.fileBytes / 2 ** 20).toFixed(1)} MiB) with Account Workflow; the service's Node flags: ${serviceNodeFlags()}`,
      `  preview  ${result.previewSeconds.toFixed(2)} s  ${result.previewRowsPerSecond.toFixed(0)} rows/s`,
      `  place    ${result.liveSeconds.toFixed(2)} s  ${result.liveRowsPerSecond.toFixed(0)} rows/s until every account is live; ${result.placeSeconds.toFixed(2)} s  ${result.placeRowsPerSecond.toFixed(0)} rows/s until every run is queued`,
      `  workflow ${result.workflowRunsSucceeded}/${result.workflowRunsQueued} succeeded (${result.workflowRunsFailed} failed) in ${result.workflowSeconds.toFixed(1)} s  ${result.workflowRunsPerSecond.toFixed(0)} runs/s${result.workflowFinished ? "" : " (stopped waiting)"}`,
      `  event-loop delay p50 ${result.loop.p50Ms.toFixed(1)} p99 ${result.loop.p99Ms.toFixed(1)} max ${result.loop.maxMs.toFixed(1)} ms; peak RSS ${(result.loop.peakRssBytes / 1e6).toFixed(0)} MB; CPU ${result.loop.cpuSeconds.toFixed(1)} s in ${result.totalSeconds.toFixed(1)} s`,
      ...result.probes.map(
        (probe) => `  ${probe.name.padEnd(36)} p50 ${probe.p50Ms.toFixed(1)} p99 ${probe.p99Ms.toFixed(1)} max ${probe.maxMs.toFixed(1)} ms (${probe.calls} calls, ${probe.failures} failed)`,
      ),
    );
    for (const check of bulkChecks(result)) {
      const { below, atLeast } = check.target;
      const met = below !== undefined ? check.value < below : check.value >= atLeast!;
      lines.push(`  ${check.name.padEnd(58)} ${check.value.toFixed(1).padStart(9)}  ${below !== undefined ? `< ${below}` : `>= ${atLeast}`}  ${met ? "met" : "MISSED"}`);
    }
    lines.push("");
  }
  return lines;
}

async function main() {
  const startedAt = new Date();
  const before = machineNow();
  const lines: string[] = [];
  const http: HttpSection[] = [];
  const checks: Check[] = [];
  const cpu: Partial<Record<Setup, number>> = {};
  for (const [part, setup] of Object.entries(PART_SETUPS)) {
    if (!PARTS.has(part)) continue;
    const result = await benchHttp(setup);
    lines.push(...result.lines);
    http.push(result.section);
    cpu[setup] = result.restCpuMicros;
  }
  if (PARTS.has("tracing")) {
    const tracing = await benchTracing(ROUNDS, SECONDS / ROUNDS);
    lines.push(...tracing.lines);
    http.push(tracing.section);
  }
  if (cpu.embedded !== undefined && cpu.shared !== undefined) {
    const value = cpu.shared / cpu.embedded;
    lines.push(`CPU per REST call, PostgreSQL / SQLite  ${value.toFixed(2)}  target <= 1.3`, "");
    checks.push({ name: "CPU per REST call, PostgreSQL / SQLite", value, target: { atMost: 1.3 } });
  }
  let steps: StepCost[] = [];
  if (PARTS.has("steps")) {
    steps = await measurePostgresSteps();
    lines.push("Each database step alone on PostgreSQL, 16 at once:", "                                   CPU µs   wall µs");
    for (const step of steps) {
      lines.push(`  ${step.step.padEnd(31)}${format(step.cpuMicros, 0)} ${format(step.wallMicros, 0)}`);
    }
    lines.push("");
  }
  const pages = PARTS.has("pages") ? await benchPages() : undefined;
  if (pages !== undefined) lines.push(...pages.lines);
  const bulk: BulkResult[] = [];
  if (PARTS.has("bulk")) {
    for (const setup of BULK_SETUPS) bulk.push(await benchBulk(setup));
    lines.push(...bulkLines(bulk));
  }
  const report: BenchReport = {
    command: command(),
    startedAt,
    finishedAt: new Date(),
    before,
    after: machineNow(),
    http,
    checks,
    steps,
    ...(pages === undefined ? {} : { pages: { small: pages.small, large: pages.large } }),
    ...(bulk.length === 0 ? {} : { bulk }),
  };
  if (PARTS.size === 1 && PARTS.has("bulk")) writeBulkSection(REPORT, report);
  else writeReport(REPORT, report);
  process.stdout.write(`${lines.join("\n")}\nReport written to ${REPORT}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
