import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { leastSquaresSlope, type SoakMinute } from "./soak-tally.js";

/** One dialect's soak, as `pnpm soak` writes it (`--json`) and the report renders it. */
export interface SoakResult {
  /** How it was started (`pnpm soak -- …`). */
  command?: string;
  dialect: "sqlite" | "postgres";
  processes: number;
  grants: number;
  times: number;
  limitPerMinute: number;
  ratePerSecond: number;
  plannedMinutes: number;
  startedAt: string;
  finishedAt: string;
  node: string;
  machine: string;
  loadBefore: number[];
  loadAfter: number[];
  serviceNodeFlags: string;
  minutes: SoakMinute[];
  rssSamples: Array<{ seconds: number; mb: number[] }>;
  /** Per process, MB per 10 minutes (least squares). */
  rssSlopes: Array<{ wholeRun: number; afterWarmUp: number; warmUpSeconds: number }>;
  overall: { okP50Ms: number; okP99Ms: number; okMaxMs: number; allP99Ms: number };
  /** Every answer by kind, then status (0: no answer). */
  statuses: Record<string, Record<string, number>>;
  errorSamples: string[];
  placements: { sent: number; accounts: number };
  /** Calls sent again after the server closed their idle keep-alive connection (absent: a run before the client did). */
  keepAliveRetries?: number;
  workflowRuns: Record<string, number>;
  backups?: { intervalMinutes: number; kept: number; lastDurationSeconds: number; lastSizeBytes: number; failures: number; databaseBytes: number };
}

/** The soak's section is kept between these lines: `pnpm soak --report` replaces it, `pnpm bench` keeps it. */
export const SOAK_BEGIN = "<!-- soak: begin -->";
export const SOAK_END = "<!-- soak: end -->";

const fixed = (value: number | undefined, digits: number) => (value !== undefined && value !== null && Number.isFinite(value) ? value.toFixed(digits) : "–");
const thousands = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–");
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const header = (cells: string[]) => [row(cells), row(cells.map(() => "---"))];
const name = (result: SoakResult) => (result.dialect === "sqlite" ? "SQLite" : "PostgreSQL");
const perProcess = (values: number[], digits = 0) => values.map((value) => fixed(value, digits)).join(" / ");
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const max = (values: number[]) => Math.max(...values.filter(Number.isFinite));

/** Answers by outcome over the whole run: 2xx, the limit's 429s, and every other status by itself. */
export function outcomes(result: SoakResult) {
  let ok = 0;
  let refused = 0;
  let serverErrors = 0;
  const others = new Map<string, number>();
  for (const [kind, statuses] of Object.entries(result.statuses)) {
    for (const [status, count] of Object.entries(statuses)) {
      const code = Number(status);
      if (code >= 200 && code < 300) ok += count;
      else if (code === 429) refused += count;
      else {
        if (code >= 500) serverErrors += count;
        const key = `${kind} ${status === "0" ? "no answer" : status}`;
        others.set(key, (others.get(key) ?? 0) + count);
      }
    }
  }
  return { ok, refused, serverErrors, errors: sum([...others.values()]), others };
}

/** The RSS samples of the run's last `minutes` minutes. */
const lastMinutes = (result: SoakResult, minutes: number) => {
  const end = result.rssSamples.at(-1)?.seconds ?? 0;
  return result.rssSamples.filter((sample) => sample.seconds >= end - minutes * 60);
};

function runSection(result: SoakResult): string[] {
  const took = (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 60_000;
  const counted = outcomes(result);
  const okP99 = result.minutes.map((minute) => minute.okP99Ms);
  const processes = Array.from({ length: result.processes }, (_unused, index) => index);
  const rssFirst = result.rssSamples[0]?.mb ?? [];
  const rssLast = result.rssSamples.at(-1)?.mb ?? [];
  const rssPeak = processes.map((index) => max(result.rssSamples.map((sample) => sample.mb[index]!)));
  const loopP99 = processes.map((index) => max(result.minutes.map((minute) => minute.loopP99Ms[index]!)));
  const loopP99Median = processes.map((index) => median(result.minutes.map((minute) => minute.loopP99Ms[index]!)));
  const loopMax = processes.map((index) => max(result.minutes.map((minute) => minute.loopMaxMs[index]!)));
  const runs = result.workflowRuns;
  /** A figure per process: alone for one process, "process 1: …; process 2: …" for several. */
  const eachProcess = (cell: (index: number) => string) =>
    result.processes === 1 ? cell(0) : processes.map((index) => `process ${index + 1}: ${cell(index)}`).join("; ");
  const lines = [
    `### ${name(result)}: ${fixed(result.plannedMinutes, 0)} minute${result.plannedMinutes === 1 ? "" : "s"} at ${fixed(result.times, 0)}× the per-grant limit over ${result.grants} grants, ${result.processes === 1 ? "one process" : `${result.processes} processes`}, Account Workflow on`,
    "",
    ...header(["run", ""]),
    row(["started", result.startedAt]),
    row(["took (with sign-ins, the last runs, shutdown)", `${fixed(took, 1)} min`]),
    row(["machine", result.machine]),
    row(["Node", result.node]),
    row(["the service's Node flags", `\`${result.serviceNodeFlags}\``]),
    row(["load average (1 / 5 / 15 min) before", result.loadBefore.map((value) => value.toFixed(2)).join(" / ")]),
    row(["load average after", result.loadAfter.map((value) => value.toFixed(2)).join(" / ")]),
    row(["per-grant limit", `${result.limitPerMinute} calls a minute (RATE_LIMIT_PER_MINUTE)`]),
    row(["offered load", `${thousands(result.ratePerSecond)} calls/s (${fixed(result.times, 0)} × ${result.limitPerMinute} a minute × ${result.grants} grants), each on its schedule whatever the answers`]),
    "",
    ...header(["figure", "value"]),
    row(["answers", thousands(counted.ok + counted.refused + counted.errors)]),
    row(["2xx", thousands(counted.ok)]),
    row(["429 (the per-grant limit, expected at 5×)", thousands(counted.refused)]),
    row(["**5xx**", `**${thousands(counted.serverErrors)}**`]),
    row(["other non-2xx and no answer", counted.errors - counted.serverErrors === 0 ? "0" : [...counted.others].map(([what, count]) => `${what}: ${count}`).join("; ")]),
    row(["ticks skipped (over 1,000 calls in flight)", thousands(sum(result.minutes.map((minute) => minute.skipped)))]),
    row([
      "calls sent again after the server closed their idle keep-alive connection",
      result.keepAliveRetries === undefined ? "– (this run's client did not; such a call counts as no answer, ECONNRESET)" : thousands(result.keepAliveRetries),
    ]),
    row(["2xx latency p50 / p99 / max over the run, ms", `${fixed(result.overall.okP50Ms, 1)} / ${fixed(result.overall.okP99Ms, 1)} / ${fixed(result.overall.okMaxMs, 1)}`]),
    row(["2xx p99 by minute: median / worst, ms", `${fixed(median(okP99), 1)} / ${fixed(max(okP99), 1)}`]),
    row(["RSS: start → end (peak), MB", eachProcess((index) => `${fixed(rssFirst[index], 0)} → ${fixed(rssLast[index], 0)} (${fixed(rssPeak[index], 0)})`)]),
    row([
      "**RSS slope (least squares, MB per 10 min)**: whole run / after warm-up",
      eachProcess((index) => {
        const slope = result.rssSlopes[index]!;
        return `**${fixed(slope.wholeRun, 2)}** / **${fixed(slope.afterWarmUp, 2)}** (from minute ${fixed(slope.warmUpSeconds / 60, 1)})`;
      }),
    ]),
    row([
      "RSS slope over the last 10 minutes (MB per 10 min)",
      eachProcess((index) => fixed(600 * leastSquaresSlope(lastMinutes(result, 10).map((sample) => ({ x: sample.seconds, y: sample.mb[index]! }))), 2)),
    ]),
    row(["event-loop delay p99 by minute: median / worst, ms", eachProcess((index) => `${fixed(loopP99Median[index], 1)} / ${fixed(loopP99[index], 1)}`)]),
    row(["event-loop delay max (worst minute), ms", eachProcess((index) => fixed(loopMax[index], 1))]),
    row([
      "Account Workflow: accounts placed / runs succeeded / failed / unfinished",
      `${thousands(result.placements.accounts)} / ${thousands(runs.succeeded ?? 0)} / ${thousands(runs.failed ?? 0)} / ${thousands((runs.queued ?? 0) + (runs.running ?? 0))}`,
    ]),
  ];
  if (result.backups !== undefined) {
    const backups = result.backups;
    lines.push(
      row([
        `scheduled backups (every ${fixed(backups.intervalMinutes, 0)} min, 3 kept)`,
        `${backups.kept} kept, ${fixed(backups.failures, 0)} failed; the last ${fixed(backups.lastDurationSeconds, 2)} s, ${fixed(backups.lastSizeBytes / 1e6, 1)} MB (the database ${fixed(backups.databaseBytes / 1e6, 1)} MB)`,
      ]),
    );
  }
  lines.push(
    "",
    `By minute (2xx latency; the event-loop delay is each process's own over its last complete minute, from \`/metrics\`${result.processes === 1 ? "" : "; RSS and delay per process, separated by /"}):`,
    "",
    ...header(["min", "answers", "2xx", "429", "errors (5xx)", "skipped", "2xx p50 ms", "2xx p99 ms", "all p99 ms", "RSS MB", "loop p99 ms", "loop max ms", "workflow jobs waiting"]),
    ...result.minutes.map((minute) =>
      row([
        minute.minute,
        thousands(minute.answers),
        thousands(minute.ok),
        thousands(minute.refused429),
        `${minute.errors} (${minute.serverErrors})`,
        minute.skipped,
        fixed(minute.okP50Ms, 1),
        fixed(minute.okP99Ms, 1),
        fixed(minute.allP99Ms, 1),
        perProcess(minute.rssMb),
        perProcess(minute.loopP99Ms, 1),
        perProcess(minute.loopMaxMs, 1),
        thousands(minute.workflowWaiting),
      ]),
    ),
    "",
  );
  const reading = readingNotes(result);
  if (reading.length > 0) lines.push("Reading the errors:", "", ...reading.map((note) => `- ${note}`), "");
  if (result.errorSamples.length > 0) lines.push("First errors:", "", ...result.errorSamples.map((sample) => `- \`${sample.replaceAll("`", "'").replaceAll("\n", " ")}\``), "");
  return lines;
}

/** What the run's non-2xx, non-429 answers were, said from its own figures. */
function readingNotes(result: SoakResult): string[] {
  const notes: string[] = [];
  const count = (status: string, kinds?: (kind: string) => boolean) =>
    sum(Object.entries(result.statuses).map(([kind, statuses]) => (kinds === undefined || kinds(kind) ? (statuses[status] ?? 0) : 0)));
  const serverErrorMinutes = result.minutes.filter((minute) => minute.serverErrors > 0);
  if (serverErrorMinutes.length > 0) {
    notes.push(
      `5xx: ${serverErrorMinutes.map((minute) => `${minute.serverErrors} in minute ${minute.minute} (2xx p99 that minute ${fixed(minute.okP99Ms / 1000, 1)} s, event-loop p99 ${perProcess(minute.loopP99Ms, 0)} ms)`).join("; ")}.`,
    );
  }
  const noAnswer = count("0", (kind) => !kind.startsWith("oauth"));
  if (noAnswer > 0 && result.keepAliveRetries === undefined) {
    notes.push(
      `No answer (${thousands(noAnswer)} calls; ECONNRESET in every sample kept below): a call written to a kept-alive connection as the server closed it for idleness; this run's client did not send such a call again (it does since, and counts it).`,
    );
  }
  const refreshFailures = count("0", (kind) => kind.startsWith("oauth"));
  const unauthorized = count("401");
  if (unauthorized > 0) {
    notes.push(
      `401 (${thousands(unauthorized)} calls): access tokens used after their 15 minutes, by grants whose refresh got no answer (${thousands(refreshFailures)} refreshes: 502 from the sign-ins' round-robin proxy, whose kept-alive connection to a process met the same race); this run's client did not try a refresh again (it does since, after 5 s).`,
    );
  } else if (refreshFailures > 0) {
    notes.push(`Refreshes with no answer: ${thousands(refreshFailures)} (the grant kept its refresh token).`);
  }
  return notes;
}

/** The soak's section: how it loads the service, then each dialect's run. */
export function renderSoakSection(results: readonly SoakResult[], command: string): string[] {
  const commands = [...new Set(results.map((result) => result.command ?? command))];
  return [
    SOAK_BEGIN,
    "## Soak",
    "",
    `Written by ${commands.map((text) => `\`${text}\``).join(" and ")} (\`apps/server/src/soak\`). Each grant calls the connector tools (REST and MCP reads, drafts and`,
    "identical draft retries) on a fixed schedule at five times its limit, so each clock minute it is answered for its first",
    "fifth and refused 429 for the rest; every grant's refresh token rotates every 10 minutes; a desk key places 5 accounts",
    "every 2 s (`POST /api/v1/placements`), each queuing an Account Workflow run. Calls go to the processes in turn. RSS is",
    "read from `/proc` every 10 s; its slope is a least-squares fit. The machine is shared (other sessions' builds and tests",
    "ran beside the soak): latency figures carry that noise, the load averages say how much.",
    "",
    ...results.flatMap(runSection),
    SOAK_END,
  ];
}

/** Replaces the report's soak section (or adds it at the end), keeping the rest of the file as it is. */
export function writeSoakSection(path: string, results: readonly SoakResult[], command: string): void {
  const section = renderSoakSection(results, command).join("\n");
  const existing = existsSync(path) ? readFileSync(path, "utf8") : "# Benchmark report\n";
  const begin = existing.indexOf(SOAK_BEGIN);
  const end = existing.indexOf(SOAK_END);
  const kept = begin >= 0 && end > begin ? existing.slice(0, begin) + existing.slice(end + SOAK_END.length).replace(/^\n+/, "") : existing;
  writeFileSync(path, `${kept.trimEnd()}\n\n${section.trimEnd()}\n`);
}

/** The soak section of an existing report, for `pnpm bench` to keep when it writes the rest (empty when none). */
export function existingSoakSection(path: string): string {
  if (!existsSync(path)) return "";
  const text = readFileSync(path, "utf8");
  const begin = text.indexOf(SOAK_BEGIN);
  const end = text.indexOf(SOAK_END);
  return begin >= 0 && end > begin ? text.slice(begin, end + SOAK_END.length) : "";
}
