#!/usr/bin/env node
// Prints the slowest test files of a run made with TEST_TIMINGS_DIR (tooling/vitest/index.js): each file's wall
// time from its first test's start to its end as Vitest's JSON report gives them, its tests, and the totals.
// Usage: node tooling/vitest/slowest.js <folder> [count]
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const [folder, count = "20"] = process.argv.slice(2);
if (!folder) {
  console.error("usage: node tooling/vitest/slowest.js <folder> [count]");
  process.exit(2);
}
const root = join(import.meta.dirname, "../..");
const files = [];
for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(folder, name), "utf8"));
  for (const result of report.testResults ?? []) {
    files.push({
      file: relative(root, result.name),
      tests: result.assertionResults.length,
      seconds: (result.endTime - result.startTime) / 1000,
      failed: result.status !== "passed",
    });
  }
}
files.sort((a, b) => b.seconds - a.seconds);
console.log("| file | tests | s |\n|---|---|---|");
for (const { file, tests, seconds, failed } of files.slice(0, Number(count))) {
  console.log(`| ${file}${failed ? " (failed)" : ""} | ${tests} | ${seconds.toFixed(1)} |`);
}
const total = files.reduce((sum, { seconds }) => sum + seconds, 0);
const tests = files.reduce((sum, file) => sum + file.tests, 0);
console.log(`\n${files.length} files, ${tests} tests, ${total.toFixed(0)} s of file time`);
