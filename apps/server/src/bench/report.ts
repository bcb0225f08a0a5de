import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import type { BulkResult } from "./bulk.js";
import type { LoadResult } from "./http-load.js";
import type { PageLatency } from "./page-latency.js";
import { existingSoakSection } from "../soak/soak-report.js";
import type { StepCost } from "./postgres-steps.js";

/** The machine a run measured: figures from two machines, or two loads, are not comparable. */
export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  /** 1, 5 and 15 minute load averages. */
  loadAverage: number[];
}

export function machineNow(): Machine {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: loadavg(),
  };
}

/** A figure with its target: a ratio of medians, or statements per call. */
export interface Check {
  name: string;
  value: number;
  /** The rounds' own values, where the figure is taken per round. */
  rounds?: number[];
  target: { atLeast?: number; atMost?: number; below?: number };
}

/** One set-up's HTTP load: each target's result in every round, and the checks taken from them. */
export interface HttpSection {
  title: string;
  targets: { name: string; rounds: LoadResult[]; median: LoadResult }[];
  checks: Check[];
}

export interface BenchReport {
  /** What was run (`pnpm bench`, with the `BENCH_*` settings that differ from the defaults). */
  command: string;
  startedAt: Date;
  finishedAt: Date;
  before: Machine;
  after: Machine;
  http: HttpSection[];
  checks: Check[];
  steps: StepCost[];
  pages?: { small: PageLatency; large: PageLatency };
  /** The bulk part's set-ups (SQLite, PostgreSQL), when it ran. */
  bulk?: BulkResult[];
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const load = (machine: Machine) => machine.loadAverage.map((value) => value.toFixed(2)).join(" / ");
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const header = (cells: string[]) => [row(cells), row(cells.map(() => "---"))];

function targetText({ atLeast, atMost, below }: Check["target"]): string {
  if (below !== undefined) return `< ${below}`;
  return atLeast === undefined ? `≤ ${atMost}` : `≥ ${atLeast}`;
}

function verdict({ value, target }: Check): string {
  if (!Number.isFinite(value)) return "–";
  const met =
    (target.atLeast === undefined || value >= target.atLeast) &&
    (target.atMost === undefined || value <= target.atMost) &&
    (target.below === undefined || value < target.below);
  return met ? "met" : "**missed**";
}

function checkRows(checks: readonly Check[]): string[] {
  return checks.map((check) =>
    row([check.name, `**${fixed(check.value, 2)}**`, check.rounds?.map((value) => fixed(value, 2)).join(" ") ?? "", targetText(check.target), verdict(check)]),
  );
}

function httpSection(section: HttpSection): string[] {
  const rounds = section.targets[0]?.rounds.length ?? 0;
  const roundColumns = Array.from({ length: rounds }, (_unused, index) => `round ${index + 1}`);
  const counted = section.targets.some((target) => Number.isFinite(target.median.statementsPerRequest));
  return [
    `### ${section.title}`,
    "",
    "Requests per second in each round, then the medians over the rounds:",
    "",
    ...header(["target", ...roundColumns, "median req/s", "p99 ms", "CPU µs/request", ...(counted ? ["statements/request"] : []), "non-2xx"]),
    ...section.targets.map(({ name, rounds: results, median }) =>
      row([
        name,
        ...results.map((result) => fixed(result.requestsPerSecond, 0)),
        `**${fixed(median.requestsPerSecond, 0)}**`,
        fixed(median.p99Ms, 1),
        fixed(median.cpuMicrosPerRequest, 0),
        ...(counted ? [fixed(median.statementsPerRequest, 2)] : []),
        median.non2xx,
      ]),
    ),
    "",
    ...header(["figure", "median", "rounds", "target", "result"]),
    ...checkRows(section.checks),
    "",
  ];
}

/** The report as Markdown: the machine and its load, every round, the medians and the ratios against their targets. */
export function renderReport(report: BenchReport): string {
  const minutes = (report.finishedAt.getTime() - report.startedAt.getTime()) / 60_000;
  const lines = [
    "# Benchmark report",
    "",
    "Written by `pnpm bench` (`apps/server/src/bench/report.ts`); do not edit by hand. README.md, \"Speed\", says what is",
    "measured and how to read it. Figures from another machine, or under another load, are not comparable: read the",
    "ratios within a run.",
    "",
    ...header(["run", ""]),
    row(["command", `\`${report.command}\``]),
    row(["started", report.startedAt.toISOString()]),
    row(["took", `${fixed(minutes, 1)} min`]),
    row(["machine", `${report.before.cpuModel}, ${report.before.cores} cores, ${report.before.memoryGiB} GiB`]),
    row(["Node", report.before.node]),
    row(["load average (1 / 5 / 15 min) before", load(report.before)]),
    row(["load average after", load(report.after)]),
    "",
    ...report.http.flatMap(httpSection),
  ];
  if (report.checks.length > 0) lines.push("### Across set-ups", "", ...header(["figure", "value", "", "target", "result"]), ...checkRows(report.checks), "");
  if (report.steps.length > 0) {
    lines.push(
      "### Each database step alone (PostgreSQL, 16 at once)",
      "",
      ...header(["step", "CPU µs in the process", "wall µs"]),
      ...report.steps.map((step) => row([step.step, fixed(step.cpuMicros, 0), fixed(step.wallMicros, 0)])),
      "",
    );
  }
  if (report.pages !== undefined) {
    const { small, large } = report.pages;
    const ratio = (name: string, value: number): Check => ({ name, value, target: { atMost: 1.2 } });
    lines.push(
      "### `list_accounts` page latency through core's handler path (SQLite, limit 50, cursors across the desk, the desks taking turns)",
      "",
      ...header(["accounts", "p50 ms", "p99 ms"]),
      row([small.accounts.toLocaleString("en-US"), fixed(small.p50Ms, 3), fixed(small.p99Ms, 3)]),
      row([large.accounts.toLocaleString("en-US"), fixed(large.p50Ms, 3), fixed(large.p99Ms, 3)]),
      "",
      ...header(["figure", "value", "", "target", "result"]),
      ...checkRows([ratio("1M / 10k, p50", large.p50Ms / small.p50Ms), ratio("1M / 10k, p99", large.p99Ms / small.p99Ms)]),
      "",
    );
  }
  if (report.bulk !== undefined) lines.push(...renderBulkSection(report, report.bulk));
  return `${lines.join("\n").trimEnd()}\n`;
}

/** Writes the report; the soak's section (`pnpm soak --report`), which the bench does not measure, is kept. */
export function writeReport(path: string, report: BenchReport): void {
  const soak = existingSoakSection(path);
  writeFileSync(path, soak === "" ? renderReport(report) : `${renderReport(report).trimEnd()}\n\n${soak}\n`);
}

/** The bulk part's section is kept between these lines, so a run of that part alone can replace it and keep the rest. */
const BULK_BEGIN = "<!-- bulk part: begin -->";
const BULK_END = "<!-- bulk part: end -->";

const thousands = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–");
const megabytes = (bytes: number) => bytes / 1e6;

/** The bulk part's targets (issue 47), for one set-up's result. */
export function bulkChecks(result: BulkResult): Check[] {
  const sqlite = result.setup === "SQLite";
  const name = (figure: string) => `${result.setup}: ${figure}`;
  return [
    ...(sqlite ? [{ name: name("preview of the file, s"), value: result.previewSeconds, target: { below: 2 } }] : []),
    // Placed: every account live, as the job page says it; queuing each account's Account Workflow is the workflow's own figure.
    { name: name("place (every account live), rows/s"), value: result.liveRowsPerSecond, target: { atLeast: sqlite ? 20_000 : 10_000 } },
    ...(sqlite ? [{ name: name("Account Workflow, runs/s"), value: result.workflowRunsPerSecond, target: { atLeast: 2_000 } }] : []),
    { name: name("event-loop delay p99, ms"), value: result.loop.p99Ms, target: { below: 50 } },
    { name: name("event-loop delay max, ms"), value: result.loop.maxMs, target: { below: 200 } },
    ...result.probes.map((probe) => ({ name: name(`${probe.name} p99, ms`), value: probe.p99Ms, target: { below: 250 } })),
    { name: name("peak RSS, MB"), value: megabytes(result.loop.peakRssBytes), target: { below: 300 } },
  ];
}

/** The bulk part's section: its own run line (it may run alone), each set-up's figures, and the targets. */
export function renderBulkSection(report: Pick<BenchReport, "command" | "startedAt" | "finishedAt" | "before" | "after">, results: readonly BulkResult[]): string[] {
  if (results.length === 0) return [];
  const first = results[0]!;
  const minutes = (report.finishedAt.getTime() - report.startedAt.getTime()) / 60_000;
  const each = (cell: (result: BulkResult) => string) => results.map(cell);
  const latency = (values: number[]) => values.map((value) => fixed(value, 1)).join(" / ");
  const probeNames = first.probes.map((probe) => probe.name);
  return [
    BULK_BEGIN,
    `### Bulk: ${thousands(first.rows)} accounts (${fixed(first.fileBytes / 2 ** 20, 1)} MiB) previewed and placed through the upload doors, Account Workflow on`,
    "",
    "The service runs in a process of its own; it measures its event-loop delay (`monitorEventLoopDelay` every 10 ms, from the",
    "preview's request to the last workflow run, each sample less the 10 ms interval it holds) and its peak RSS. Meanwhile the bench sends each timed request every 100 ms, on a fixed",
    "schedule whether or not the last was answered. Place: from the 202 to the job's `released` (read every 50 ms). Account",
    "Workflow: the file's runs from the first start to the last finish, from the runs' own timestamps.",
    "",
    ...header(["run", ""]),
    row(["command", `\`${report.command}\``]),
    row(["started", report.startedAt.toISOString()]),
    row(["took", `${fixed(minutes, 1)} min`]),
    row(["Node", report.before.node]),
    // The service's memory settings (package.json's `config.serviceNodeFlags`, which `start` uses too).
    row(["the service's Node flags", `\`${serviceNodeFlags()}\``]),
    row(["load average (1 / 5 / 15 min) before", load(report.before)]),
    row(["load average after", load(report.after)]),
    "",
    ...header(["figure", ...results.map((result) => result.setup)]),
    row(["preview", ...each((result) => `${fixed(result.previewSeconds, 2)} s, ${thousands(result.previewRowsPerSecond)} rows/s`)]),
    row(["place (202 → every account live)", ...each((result) => `${fixed(result.liveSeconds, 2)} s, **${thousands(result.liveRowsPerSecond)} rows/s**`)]),
    row(["place and queue workflow (202 → released)", ...each((result) => `${fixed(result.placeSeconds, 2)} s, ${thousands(result.placeRowsPerSecond)} rows/s`)]),
    row(["Account Workflow runs queued / succeeded / failed", ...each((result) => `${thousands(result.workflowRunsQueued)} / ${thousands(result.workflowRunsSucceeded)} / ${thousands(result.workflowRunsFailed)}`)]),
    row([
      "Account Workflow (first start → last finish)",
      ...each((result) => `${fixed(result.workflowSeconds, 1)} s, **${thousands(result.workflowRunsPerSecond)} runs/s**${result.workflowFinished ? "" : " (stopped waiting: runs finished so far)"}`),
    ]),
    row(["all (preview → last run finished)", ...each((result) => `${fixed(result.totalSeconds, 1)} s`)]),
    row(["CPU of the service's process (preview → last run finished)", ...each((result) => `${fixed(result.loop.cpuSeconds, 1)} s (${fixed((100 * result.loop.cpuSeconds) / result.totalSeconds, 0)} % of one core)`)]),
    row(["event-loop delay p50 / p99 / max, ms", ...each((result) => latency([result.loop.p50Ms, result.loop.p99Ms, result.loop.maxMs]))]),
    ...probeNames.map((name, index) =>
      row([
        `${name} p50 / p99 / max, ms (calls, failures)`,
        ...each((result) => {
          const probe = result.probes[index]!;
          return `${latency([probe.p50Ms, probe.p99Ms, probe.maxMs])} (${probe.calls}, ${probe.failures})`;
        }),
      ]),
    ),
    row(["peak RSS of the service's process", ...each((result) => `${fixed(megabytes(result.loop.peakRssBytes), 0)} MB`)]),
    "",
    ...header(["figure", "value", "", "target", "result"]),
    ...checkRows(results.flatMap(bulkChecks)),
    "",
    BULK_END,
    "",
  ];
}

/**
 * A run of the bulk part alone: its section replaces the one in the report at `path` (or is added at
 * its end), and every other part's figures stay as their last full run wrote them.
 */
export function writeBulkSection(path: string, report: BenchReport): void {
  const section = renderBulkSection(report, report.bulk ?? []).join("\n");
  const existing = existsSync(path) ? readFileSync(path, "utf8") : renderReport({ ...report, bulk: [] });
  const begin = existing.indexOf(BULK_BEGIN);
  const end = existing.indexOf(BULK_END);
  const kept = begin >= 0 && end > begin ? existing.slice(0, begin) + existing.slice(end + BULK_END.length).replace(/^\n+/, "") : existing;
  writeFileSync(path, `${kept.trimEnd()}\n\n${section.trimEnd()}\n`);
}

/** The flags the bench's service ran with: the bench's own, which its service process inherits. */
export const serviceNodeFlags = () => (process.execArgv.length === 0 ? "none" : process.execArgv.join(" "));
