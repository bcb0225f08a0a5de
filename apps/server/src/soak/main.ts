/**
 * `pnpm soak`: a steady mix of reads, drafts and token refreshes over two server processes on one
 * PostgreSQL database, through the round-robin proxy, for SOAK_SECONDS (default 600). Not a test:
 * it prints a minute-by-minute account and, at the end, every answer by status, latency, and each
 * process's resident memory at the start and the end. Exits 1 if any answer was an error other
 * than an intended 429.
 *
 * SOAK_RATE calls per second (default 20), SOAK_PROCESSES (default 2), SOAK_GRANTS connections used
 * in turn (default 16: each stays far below 120 calls a minute). The database is a fresh one on
 * TEST_PG_URL (as the tests use), dropped afterwards.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createSharedTestDatabase } from "@connector/store/testing";
import { refreshTokens } from "@connector/testkit";
import { connectDesk, type DeskConnection } from "../bench/connect-desk.js";
import { startCluster } from "../cluster/start-cluster.js";
import { SoakTally } from "./soak-tally.js";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 20);
const PROCESSES = Number(process.env.SOAK_PROCESSES ?? 2);
const GRANTS = Number(process.env.SOAK_GRANTS ?? 16);
/** Calls in flight at most; past it a tick is skipped and counted, so a slow server is seen, not hidden by a queue. */
const MAX_IN_FLIGHT = 200;

function residentMegabytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
  return line === undefined ? Number.NaN : Number(line.replace(/\D+/g, "")) / 1024;
}

async function main(): Promise<void> {
  const database = await createSharedTestDatabase({ prefix: "soak_" });
  const cluster = await startCluster({
    processes: PROCESSES,
    entry: fileURLToPath(new URL("./main.js", import.meta.url)),
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "warn" },
    output: "pipe",
    onMemberExit: (member, code, signal) =>
      process.stderr.write(`process ${member.index} exited (${code ?? signal}):\n${member.output().slice(-4000)}\n`),
  });
  const tally = new SoakTally();
  try {
    const grants: DeskConnection[] = [];
    for (let index = 0; index < GRANTS; index++) grants.push(await connectDesk(cluster.url, ["desk:read", "desk:drafts"], "Soak"));
    const firstPage = await post(cluster.url, grants[0]!.accessToken, "list_accounts", { limit: 50 });
    const accountIds: string[] = (JSON.parse(firstPage.text).accounts as Array<{ accountId: string }>).map((account) => account.accountId);
    const savedDrafts: Array<Record<string, unknown>> = [];

    let tick = 0;
    let inFlight = 0;
    const started = Date.now();
    const rssAtStart = cluster.members.map((member) => residentMegabytes(member.process.pid));
    process.stdout.write(`soak: ${RATE}/s for ${SECONDS} s over ${PROCESSES} processes; RSS at start ${rssAtStart.map((mb) => mb.toFixed(0)).join(" / ")} MB\n`);

    const call = async (kind: string, work: () => Promise<{ status: number; text: string }>) => {
      inFlight += 1;
      const begun = performance.now();
      try {
        const answer = await work();
        tally.record(kind, answer.status, performance.now() - begun, answer.text);
      } catch (error) {
        tally.record(kind, 0, performance.now() - begun, String(error));
      } finally {
        inFlight -= 1;
      }
    };

    const oneCall = () => {
      const grant = grants[tick % grants.length]!;
      const slot = tick % 20;
      tick += 1;
      if (slot < 9) return call("rest list_accounts", () => post(cluster.url, grant.accessToken, "list_accounts", { limit: 20 }));
      if (slot < 12) return call("mcp list_accounts", () => mcp(cluster.url, grant.accessToken, "list_accounts", { limit: 20 }));
      if (slot < 14) {
        const accountId = accountIds[tick % accountIds.length];
        return call("rest get_case_status", () => post(cluster.url, grant.accessToken, "get_case_status", { accountId }));
      }
      if (slot < 18) {
        // One draft in four is an identical retry of an earlier one (same key, same content).
        const retry = slot === 17 && savedDrafts.length > 0 ? savedDrafts[tick % savedDrafts.length]! : undefined;
        const args = retry ?? {
          title: `Soak placement ${tick}`,
          accounts: [{ reference: `S-${tick}`, name: "Soak Test", amount: 100 + (tick % 50) }],
          idempotencyKey: `soak-draft-${tick}-${started}`,
        };
        if (retry === undefined && savedDrafts.length < 500) savedDrafts.push(args);
        return call(retry ? "rest draft retry" : "rest create draft", () => post(cluster.url, grant.accessToken, "create_placement_draft", args));
      }
      return call("oauth refresh", async () => {
        const tokens = await refreshTokens(grant.registered, grant.refreshToken);
        grant.accessToken = tokens.access_token;
        grant.refreshToken = tokens.refresh_token!;
        return { status: 200, text: "" };
      });
    };

    const interval = 1000 / RATE;
    let nextReport = started + 60_000;
    while (Date.now() - started < SECONDS * 1000) {
      if (inFlight < MAX_IN_FLIGHT) void oneCall();
      else tally.skip();
      if (Date.now() >= nextReport) {
        nextReport += 60_000;
        const rss = cluster.members.map((member) => residentMegabytes(member.process.pid));
        process.stdout.write(`${tally.minuteLine(Math.round((Date.now() - started) / 1000))}; RSS ${rss.map((mb) => mb.toFixed(0)).join(" / ")} MB\n`);
      }
      const due = started + (tick + 1) * interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    }
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const rssAtEnd = cluster.members.map((member) => residentMegabytes(member.process.pid));
    process.stdout.write(`${tally.report()}\nRSS per process: start ${rssAtStart.map((mb) => mb.toFixed(0)).join(" / ")} MB, end ${rssAtEnd.map((mb) => mb.toFixed(0)).join(" / ")} MB\n`);
    process.exitCode = tally.errors() > 0 ? 1 : 0;
  } finally {
    await cluster.close();
    await database.drop();
  }
}

async function post(baseUrl: string, token: string, tool: string, args: unknown) {
  const response = await fetch(`${baseUrl}/api/connectors/v1/desk/tools/${tool}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(args),
  });
  return { status: response.status, text: await response.text() };
}

async function mcp(baseUrl: string, token: string, tool: string, args: unknown) {
  const response = await fetch(`${baseUrl}/mcp/desk`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }),
  });
  const text = await response.text();
  // A tool error inside a 200 is still an error for the soak.
  return { status: response.status === 200 && text.includes('"isError":true') ? 599 : response.status, text };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
