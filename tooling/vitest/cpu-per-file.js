// With TEST_TIMINGS_DIR set, each test file's CPU time is written beside Vitest's JSON report: the worker's own
// CPU and that of every process it started and reaped during the file (a server, Chromium and its renderers),
// read from /proc/self/stat. The file's wall time alone carries the other files' load; its CPU does not
// (issue 53: measure first). PostgreSQL's own backends are not the worker's children and are not counted.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";

const TICKS_PER_SECOND = 100;

/** utime + stime + cutime + cstime of this process, in seconds. */
function cpuSeconds() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;
}

let start = 0;
beforeAll(() => {
  start = cpuSeconds();
});
// Vitest reads a hook's first parameter as the fixtures it wants, and asks for a pattern: the file comes second.
// biome-ignore lint/correctness/noEmptyPattern: no fixture is wanted
afterAll(({}, suite) => {
  const line = JSON.stringify({ file: suite.file?.filepath ?? suite.filepath, cpu: cpuSeconds() - start });
  appendFileSync(`${process.env.TEST_TIMINGS_DIR}/cpu-${process.pid}.jsonl`, `${line}\n`);
});
