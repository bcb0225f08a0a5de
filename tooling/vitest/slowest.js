#!/usr/bin/env node
// Prints the costliest test files of a run made with TEST_TIMINGS_DIR (tooling/vitest/index.js), by CPU: each file's
// CPU (its worker's and the processes it started, from cpu-per-file.js), its wall time from its first test's start
// to its end as Vitest's JSON report gives them, its tests, and the totals. A file's wall time carries the load of
// the files beside it; its CPU does not, so the run is ordered by CPU.
// Usage: node tooling/vitest/slowest.js <folder> [count]
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const [folder, count = "20"] = process.argv.slice(2);
if (!folder) {
  console.error("usage: node tooling/vitest/slowest.js <folder> [count]");
  process.exit(2);
}
const root = join(import.meta.dirname, "../..");
const cpu = new Map();
for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".jsonl"))) {
  for (const line of readFileSync(join(folder, name), "utf8").trim().split("\n")) {
    const { file, cpu: seconds } = JSON.parse(line);
    cpu.set(file, (cpu.get(file) ?? 0) + seconds);
  }
}
// A file run by several projects (the cluster suite: directly and through PgBouncer) is one row, its runs added up.
const byFile = new Map();
for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(folder, name), "utf8"));
  for (const result of report.testResults ?? []) {
    const row = byFile.get(result.name) ?? { file: relative(root, result.name), runs: 0, tests: 0, seconds: 0, cpu: cpu.get(result.name) ?? 0, failed: false };
    row.runs += 1;
    row.tests += result.assertionResults.length;
    row.seconds += (result.endTime - result.startTime) / 1000;
    row.failed ||= result.status !== "passed";
    byFile.set(result.name, row);
  }
}
const files = [...byFile.values()];
files.sort((a, b) => b.cpu - a.cpu || b.seconds - a.seconds);
console.log("| file | tests | CPU s | wall s |\n|---|---|---|---|");
for (const { file, runs, tests, cpu: seconds, seconds: wall, failed } of files.slice(0, Number(count))) {
  const label = `${file}${runs > 1 ? ` (${runs} runs)` : ""}${failed ? " (failed)" : ""}`;
  console.log(`| ${label} | ${tests} | ${seconds.toFixed(1)} | ${wall.toFixed(1)} |`);
}
const total = files.reduce((sum, { seconds }) => sum + seconds, 0);
const totalCpu = files.reduce((sum, file) => sum + file.cpu, 0);
const tests = files.reduce((sum, file) => sum + file.tests, 0);
console.log(`\n${files.length} files, ${tests} tests, ${totalCpu.toFixed(0)} s of file CPU, ${total.toFixed(0)} s of file time`);
