import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import type { LoadResult } from "./http-load.js";
import type { PageLatency } from "./page-latency.js";
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
  target: { atLeast?: number; atMost?: number };
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
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const load = (machine: Machine) => machine.loadAverage.map((value) => value.toFixed(2)).join(" / ");
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const header = (cells: string[]) => [row(cells), row(cells.map(() => "---"))];

function targetText({ atLeast, atMost }: Check["target"]): string {
  return atLeast === undefined ? `≤ ${atMost}` : `≥ ${atLeast}`;
}

function verdict({ value, target }: Check): string {
  if (!Number.isFinite(value)) return "–";
  const met = (target.atLeast === undefined || value >= target.atLeast) && (target.atMost === undefined || value <= target.atMost);
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
  return `${lines.join("\n").trimEnd()}\n`;
}

export function writeReport(path: string, report: BenchReport): void {
  writeFileSync(path, renderReport(report));
}
