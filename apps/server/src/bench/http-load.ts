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
): Promise<LoadResult> {
  const headerArgs = Object.entries({ "content-type": "application/json", ...headers }).flatMap(([name, value]) => [
    "-H",
    `${name}=${value}`,
  ]);
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(
    process.execPath,
    [autocannonCli, "-c", String(connections), "-d", String(seconds), "-m", "POST", ...headerArgs, "-b", body, "--json", url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests.total,
  };
}

/**
 * The same load split over several servers at once (16 connections in all), as a load balancer
 * would spread it, without a balancer's own cost in the figures: throughput and failures add up,
 * p99 is the worst. CPU per request is not measured (the servers are other processes).
 */
export async function postLoadSpread(urls: readonly string[], body: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const connections = Math.max(1, Math.round(16 / urls.length));
  const results = await Promise.all(urls.map((url) => postLoad(url, body, headers, seconds, connections)));
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    cpuMicrosPerRequest: Number.NaN,
  };
}
