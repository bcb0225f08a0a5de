import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LoadResult } from "../src/bench/http-load.js";
import type { BulkResult } from "../src/bench/bulk.js";
import { type BenchReport, machineNow, renderReport, writeBulkSection, writeReport } from "../src/bench/report.js";

const result = (requestsPerSecond: number, statementsPerRequest = Number.NaN): LoadResult => ({
  requestsPerSecond,
  p99Ms: 12.5,
  non2xx: 0,
  cpuMicrosPerRequest: 200,
  calls: requestsPerSecond * 3,
  statementsPerRequest,
});

const machine = { cpuModel: "Test CPU @ 2.0GHz", cores: 2, memoryGiB: 24, node: "v24.21.0", loadAverage: [0.5, 0.25, 0.125] };

const report: BenchReport = {
  command: "BENCH_PARTS=http,postgres pnpm bench",
  startedAt: new Date("2026-11-28T10:00:00.000Z"),
  finishedAt: new Date("2026-11-28T10:03:30.000Z"),
  before: machine,
  after: { ...machine, loadAverage: [1.75, 1, 0.5] },
  http: [
    {
      title: "SQLite",
      targets: [
        { name: "bare Express", rounds: [result(8000), result(7000)], median: result(7500) },
        { name: "REST", rounds: [result(5000), result(3500)], median: result(4250) },
      ],
      checks: [{ name: "REST / bare Express", value: 0.5625, rounds: [0.625, 0.5], target: { atLeast: 0.6 } }],
    },
    {
      title: "PostgreSQL",
      targets: [{ name: "REST", rounds: [result(1200, 1.03), result(1100, 1.05)], median: result(1150, 1.04) }],
      checks: [{ name: "statements per REST call", value: 1.04, rounds: [1.03, 1.05], target: { atMost: 1.2 } }],
    },
  ],
  checks: [{ name: "CPU per REST call, PostgreSQL / SQLite", value: 1.25, target: { atMost: 1.3 } }],
  steps: [{ step: "round trip (select 1)", cpuMicros: 60, wallMicros: 150 }],
  pages: { small: { accounts: 10_000, p50Ms: 0.1, p99Ms: 0.2 }, large: { accounts: 1_000_000, p50Ms: 0.11, p99Ms: 0.3 } },
};

describe("the benchmark report", () => {
  const markdown = renderReport(report);

  it("names the machine, the Node, the load before and after, and how long the run took", () => {
    expect(markdown).toContain("| machine | Test CPU @ 2.0GHz, 2 cores, 24 GiB |");
    expect(markdown).toContain("| Node | v24.21.0 |");
    expect(markdown).toContain("| load average (1 / 5 / 15 min) before | 0.50 / 0.25 / 0.13 |");
    expect(markdown).toContain("| load average after | 1.75 / 1.00 / 0.50 |");
    expect(markdown).toContain("| took | 3.5 min |");
    expect(markdown).toContain("| command | `BENCH_PARTS=http,postgres pnpm bench` |");
  });

  it("shows every round, the medians, and each ratio against its target", () => {
    expect(markdown).toContain("| bare Express | 8000 | 7000 | **7500** | 12.5 | 200 | 0 |");
    expect(markdown).toContain("| REST | 1200 | 1100 | **1150** | 12.5 | 200 | 1.04 | 0 |");
    expect(markdown).toContain("| REST / bare Express | **0.56** | 0.63 0.50 | ≥ 0.6 | **missed** |");
    expect(markdown).toContain("| statements per REST call | **1.04** | 1.03 1.05 | ≤ 1.2 | met |");
    expect(markdown).toContain("| CPU per REST call, PostgreSQL / SQLite | **1.25** |  | ≤ 1.3 | met |");
    expect(markdown).toContain("| round trip (select 1) | 60 | 150 |");
    expect(markdown).toContain("| 1M / 10k, p99 | **1.50** |  | ≤ 1.2 | **missed** |");
  });

  it("is written to the file it is given, and reads this machine", () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-report-"));
    try {
      writeReport(join(dir, "report.md"), report);
      expect(readFileSync(join(dir, "report.md"), "utf8")).toBe(markdown);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const here = machineNow();
    expect(here.cores).toBeGreaterThan(0);
    expect(here.node).toBe(process.version);
    expect(here.loadAverage).toHaveLength(3);
  });

  const bulk = (setup: string, placeRowsPerSecond: number): BulkResult => ({
    setup,
    rows: 100_000,
    fileBytes: 10_185_000,
    previewSeconds: 1.5,
    previewRowsPerSecond: 66_667,
    liveSeconds: 100_000 / placeRowsPerSecond,
    liveRowsPerSecond: placeRowsPerSecond,
    placeSeconds: 200_000 / placeRowsPerSecond,
    placeRowsPerSecond: placeRowsPerSecond / 2,
    workflowRunsQueued: 100_000,
    workflowFinished: true,
    workflowRunsSucceeded: 100_000,
    workflowRunsFailed: 0,
    workflowSeconds: 40,
    workflowRunsPerSecond: 2_500,
    totalSeconds: 50,
    loop: { p50Ms: 10.2, p99Ms: 61.5, maxMs: 150, meanMs: 11, samples: 4000, peakRssBytes: 250e6, cpuSeconds: 40 },
    probes: [{ name: "`/healthz`", calls: 500, p50Ms: 2, p99Ms: 30, maxMs: 80, failures: 0 }],
  });

  it("shows the bulk part's figures against issue 47's targets, and a run of that part alone keeps the rest of the report", () => {
    const withBulk = renderReport({ ...report, bulk: [bulk("SQLite", 25_000), bulk("PostgreSQL", 8_000)] });
    expect(withBulk).toContain("| figure | SQLite | PostgreSQL |");
    expect(withBulk).toContain("| place (202 → every account live) | 4.00 s, **25,000 rows/s** | 12.50 s, **8,000 rows/s** |");
    expect(withBulk).toContain("| place and queue workflow (202 → released) | 8.00 s, 12,500 rows/s | 25.00 s, 4,000 rows/s |");
    expect(withBulk).toContain("| SQLite: place (every account live), rows/s | **25000.00** |  | ≥ 20000 | met |");
    expect(withBulk).toContain("| PostgreSQL: place (every account live), rows/s | **8000.00** |  | ≥ 10000 | **missed** |");
    expect(withBulk).toContain("| SQLite: event-loop delay p99, ms | **61.50** |  | < 50 | **missed** |");
    expect(withBulk).toContain("| SQLite: peak RSS, MB | **250.00** |  | < 300 | met |");
    expect(withBulk).not.toContain("PostgreSQL: Account Workflow, runs/s");
    expect(withBulk).toContain("| CPU of the service's process (preview → last run finished) | 40.0 s (80 % of one core) | 40.0 s (80 % of one core) |");

    const dir = mkdtempSync(join(tmpdir(), "bench-report-"));
    try {
      const file = join(dir, "report.md");
      writeReport(file, { ...report, bulk: [bulk("SQLite", 25_000)] });
      writeBulkSection(file, { ...report, command: "pnpm bench -- --only bulk", bulk: [bulk("SQLite", 30_000)] });
      const written = readFileSync(file, "utf8");
      expect(written.startsWith(markdown.trimEnd())).toBe(true);
      expect(written).toContain("30,000 rows/s");
      expect(written).not.toContain("25,000 rows/s");
      expect(written.match(/### Bulk/g)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
