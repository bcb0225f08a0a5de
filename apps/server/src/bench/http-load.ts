import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  /**
   * CPU time this process (the servers under test) spent per request, in µs: less disturbed than
   * throughput when other work on the machine takes turns on its cores.
   */
  cpuMicrosPerRequest: number;
  /** Database statements sent per request (PostgreSQL; NaN when not counted). */
  statementsPerRequest: number;
  /** Requests answered. */
  calls: number;
}

/**
 * Closed-loop load, 16 connections POSTing the same JSON body for `seconds`, from a separate
 * process so the load generator does not share the server's event loop.
 */
export async function postLoad(
  url: string,
  body: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 16,
  statementsSent?: () => number,
): Promise<LoadResult> {
  const headerArgs = Object.entries({ "content-type": "application/json", ...headers }).flatMap(([name, value]) => [
    "-H",
    `${name}=${value}`,
  ]);
  const statementsBefore = statementsSent?.() ?? Number.NaN;
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(
    process.execPath,
    [autocannonCli, "-c", String(connections), "-d", String(seconds), "-m", "POST", ...headerArgs, "-b", body, "--json", url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const statements = (statementsSent?.() ?? Number.NaN) - statementsBefore;
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests.total,
    statementsPerRequest: statements / result.requests.total,
    calls: result.requests.total,
  };
}
