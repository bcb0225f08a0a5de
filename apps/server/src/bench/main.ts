/**
 * `pnpm bench`: throughput and p99 of an authenticated list_accounts over REST and over MCP beside
 * bare Express answering a body of the same size, on SQLite and on PostgreSQL; then list_accounts
 * page latency on a desk of 10,000 versus 1,000,000 accounts; then two server processes against
 * one on PostgreSQL. Parts run one after another, so the ratios compare like with like on a noisy
 * machine. PostgreSQL parts use a fresh database on TEST_PG_URL (as the tests do).
 */
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@connector/store/testing";
import { pino } from "pino";
import { createService } from "../create-service.js";
import { startBareExpress } from "./bare-express.js";
import { benchCluster } from "./cluster-throughput.js";
import { connectDesk } from "./connect-desk.js";
import { type LoadTarget, loadInRounds, medianRatio, roundRatios, summarize } from "./load-rounds.js";
import { measurePageLatency } from "./page-latency.js";

/** Seconds of load per target, split over rounds that take turns (see load-rounds.ts). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 21);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** `BENCH_PARTS=http`, `postgres`, `pages` or `cluster` (comma-separated) runs some parts, e.g. under a profiler. */
const PARTS = new Set((process.env.BENCH_PARTS ?? "http,postgres,pages,cluster").split(","));

/** A fresh database of the dialect: a temp SQLite file, or a new PostgreSQL database dropped afterwards. */
async function benchDatabase(dialect: "sqlite" | "postgres"): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === "postgres") return createTestDatabase("postgres", { prefix: "bench_" });
  const dir = mkdtempSync(join(tmpdir(), "bench-service-"));
  return { url: join(dir, "bench.db"), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function startService(dialect: "sqlite" | "postgres") {
  const database = await benchDatabase(dialect);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = { port, host: "127.0.0.1", baseUrl, databaseUrl: database.url, logLevel: "silent" as const, demoSeed: true };
  // The benchmark needs far more than the spec's 120 requests a minute; the count is still kept.
  const service = await createService(config, pino({ level: "silent" }), { requestsPerMinute: 1_000_000_000 });
  server.on("request", service.app);
  const { accessToken } = await connectDesk(baseUrl);
  return {
    baseUrl,
    accessToken,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      await database.drop();
    },
  };
}

const format = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

async function benchHttp(dialect: "sqlite" | "postgres"): Promise<string[]> {
  const service = await startService(dialect);
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
  const targets: LoadTarget[] = [
    { name: "bare Express", url: bare.url, body: args, headers: {} },
    { name: "REST", url: restUrl, body: args, headers: auth },
    { name: "MCP", url: `${service.baseUrl}/mcp/desk`, body: mcpRequest, headers: mcpHeaders },
  ];
  const only = process.env.BENCH_ONLY;
  const chosen = targets.filter((target) => !only || only.split(",").includes(target.name.split(" ")[0]!.toLowerCase()));
  // A short unrecorded round first, so no recorded round pays for the JIT's first compilation.
  await loadInRounds(chosen, 1, 1);
  const rounds = await loadInRounds(chosen, ROUNDS, SECONDS / ROUNDS);
  await bare.close();
  await service.close();

  const row = (name: string) => {
    const result = summarize(rounds, name);
    return `  ${name.padEnd(13)}${format(result.requestsPerSecond, 0)} ${format(result.p99Ms)} ${format(result.cpuMicrosPerRequest, 0)} ${String(result.non2xx).padStart(9)}`;
  };
  const ratio = (numerator: string, denominator: string) =>
    `${medianRatio(rounds, numerator, denominator).toFixed(2)}  (rounds: ${roundRatios(rounds, numerator, denominator)
      .map((value) => value.toFixed(2))
      .join(" ")})`;
  return [
    `list_accounts (limit 20, ${restBody.length} B body), 16 connections, ${ROUNDS} rounds of ${SECONDS / ROUNDS} s each, ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}:`,
    "                    req/s    p99 ms  CPU µs/req  non-2xx",
    row("bare Express"),
    row("REST"),
    row("MCP"),
    "  throughput ratios, median of the rounds:",
    `  REST / bare Express   ${ratio("REST", "bare Express")}  target >= ${dialect === "sqlite" ? "0.6" : "0.55"}`,
    `  MCP / REST            ${ratio("MCP", "REST")}  target >= 0.8`,
    "",
  ];
}

async function benchPages(): Promise<string[]> {
  const small = await measurePageLatency(10_000);
  const large = await measurePageLatency(1_000_000);
  return [
    "list_accounts page (limit 50) through core's handler path, cursors across the whole desk, SQLite:",
    "                       p50 ms    p99 ms",
    `  10,000 accounts  ${format(small.p50Ms, 3)} ${format(small.p99Ms, 3)}`,
    `  1,000,000        ${format(large.p50Ms, 3)} ${format(large.p99Ms, 3)}`,
    `  1M / 10k page latency  p50 ${(large.p50Ms / small.p50Ms).toFixed(2)}  p99 ${(large.p99Ms / small.p99Ms).toFixed(2)}  (target <= 1.2)`,
  ];
}

async function main() {
  const lines = [
    ...(PARTS.has("http") ? await benchHttp("sqlite") : []),
    ...(PARTS.has("postgres") ? await benchHttp("postgres") : []),
    ...(PARTS.has("pages") ? await benchPages() : []),
    ...(PARTS.has("cluster") ? ["", ...(await benchCluster({ seconds: SECONDS, rounds: ROUNDS }))] : []),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
