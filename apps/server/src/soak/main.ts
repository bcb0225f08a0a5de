/**
 * `pnpm soak`: the service under a steady overload for a long time, on SQLite (one process) and on
 * PostgreSQL (several processes on one database), with the Account Workflow running. Not a test: it
 * prints a line a minute and a summary, writes its result as JSON, and with `--report` puts it in the
 * soak section of docs/benchmark-report.md. Exits 1 if any answer was an error (anything but a 2xx
 * or the per-grant limit's 429), a 5xx above all.
 *
 * The load: `--grants` connections (200), each calling the connector tools at `--times` (5) times
 * the per-grant limit (`--limit`, the spec's 120 a minute, set on the servers as RATE_LIMIT_PER_MINUTE),
 * each call on a fixed schedule whether or not the last was answered (REST and MCP reads, drafts and
 * identical draft retries); every grant's refresh token rotated every 10 minutes (access tokens live
 * 15); and a desk key placing a few accounts every 2 s, so Account Workflow runs all along. Calls go to
 * the processes directly, in turn (the sign-ins through the round-robin proxy, the BASE_URL).
 *
 * `pnpm soak -- --minutes 30 --dialect both --report` is the documented run; `--minutes 2` a short one.
 * PostgreSQL is a fresh database on TEST_PG_URL (as the tests use), dropped afterwards; SQLite a file in
 * a temporary directory, with scheduled backups every `--backup-minutes` (5) into another.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDatabase } from "@connector/store/node";
import { createSharedTestDatabase } from "@connector/store/testing";
import { acceptAgreementAndMintDeskKey, BrowserSession, connectWorkspace, parseMetrics, registerClient } from "@connector/testkit";
import type { DeskConnection } from "../bench/connect-desk.js";
import { startCluster } from "../cluster/start-cluster.js";
import { DEMO_USERS } from "../demo-data.js";
import { type SoakMinute, SoakTally, leastSquaresSlope } from "./soak-tally.js";
import { type SoakResult, writeSoakSection } from "./soak-report.js";

const USAGE = `usage: soak [--minutes 30] [--dialect sqlite|postgres|both] [--grants 200] [--times 5] [--limit 120]
            [--processes 2] [--backup-minutes 5] [--json <file>] [--report [--report-file <file>]]
       soak --render <result.json>... --report   (the report's soak section from saved results)`;

const REPORT = fileURLToPath(new URL("../../../docs/benchmark-report.md", import.meta.url));
const METRICS_TOKEN = "soak-metrics-token-0123456789";
/** Calls in flight at most; past it a tick is skipped and counted, so a slow server is seen, not hidden by a queue. */
const MAX_IN_FLIGHT = 1000;
/** Every grant's refresh token is rotated once in this time (access tokens live 15 minutes). */
const REFRESH_EVERY_MS = 10 * 60_000;
const PLACE_EVERY_MS = 2000;
const ACCOUNTS_PER_PLACEMENT = 5;
const RSS_EVERY_MS = 10_000;
const SOCKETS_PER_PROCESS = 64;

interface Settings {
  minutes: number;
  dialects: Array<"sqlite" | "postgres">;
  grants: number;
  times: number;
  limit: number;
  processes: number;
  backupMinutes: number;
}

function readSettings(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: {
      minutes: { type: "string", default: "30" },
      dialect: { type: "string", default: "both" },
      grants: { type: "string", default: "200" },
      times: { type: "string", default: "5" },
      limit: { type: "string", default: "120" },
      processes: { type: "string", default: "2" },
      "backup-minutes": { type: "string", default: "5" },
      json: { type: "string" },
      report: { type: "boolean" },
      "report-file": { type: "string" },
      render: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  const positive = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number (got ${value})\n${USAGE}`);
    return number;
  };
  const dialect = values.dialect;
  if (dialect !== "sqlite" && dialect !== "postgres" && dialect !== "both") throw new Error(`--dialect must be sqlite, postgres or both\n${USAGE}`);
  const settings: Settings = {
    minutes: positive("minutes", values.minutes),
    dialects: dialect === "both" ? ["sqlite", "postgres"] : [dialect],
    grants: Math.round(positive("grants", values.grants)),
    times: positive("times", values.times),
    limit: Math.round(positive("limit", values.limit)),
    processes: Math.round(positive("processes", values.processes)),
    backupMinutes: positive("backup-minutes", values["backup-minutes"]),
  };
  return { settings, values, positionals };
}

function residentMegabytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
    return line === undefined ? Number.NaN : Number(line.replace(/\D+/g, "")) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function scrape(url: string): Promise<Map<string, number>> {
  try {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5000) });
    return parseMetrics(await response.text());
  } catch {
    return new Map();
  }
}

/**
 * The load's calls go through node:http with a keep-alive agent of at most 64 sockets per process (an HTTP client's pool, and below
 * a PostgreSQL process's 10 connections and 100 waiting requests, past which it refuses 503 at once)
 * (fetch costs the generator several times the CPU, and opened a socket per call in flight): a call
 * waiting for a socket waits on the clock, since its latency is taken from when it was due.
 */
const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS_PER_PROCESS });

/** Calls sent again because the server had closed the idle keep-alive connection they were written to. */
export const keepAliveRaces = { retried: 0 };

/**
 * One POST. A call written to a kept-alive connection just as the server closed it for idleness fails with
 * ECONNRESET before the server read it (Node's documentation, "request.reusedSocket"); it is sent again once on
 * a new connection, as an HTTP client does, and counted. Any other failure is the call's answer (status 0).
 */
function send(url: string, headers: Record<string, string>, body: string, retry = true): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error("no answer in 30 s")));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (retry && request.reusedSocket && error.code === "ECONNRESET") {
        keepAliveRaces.retried += 1;
        send(url, headers, body, false).then(resolve, reject);
      } else reject(error);
    });
    request.end(body);
  });
}

function post(baseUrl: string, token: string, tool: string, args: unknown) {
  return send(`${baseUrl}/api/connectors/v1/desk/tools/${tool}`, { "content-type": "application/json", authorization: `Bearer ${token}` }, JSON.stringify(args));
}

async function mcp(baseUrl: string, token: string, tool: string, args: unknown) {
  const answer = await send(
    `${baseUrl}/mcp/desk`,
    { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }),
  );
  // A tool error inside a 200 is an error for the soak: the per-grant limit's refusal comes as an HTTP 429.
  return { status: answer.status === 200 && answer.text.includes('"isError":true') ? 599 : answer.status, text: answer.text };
}

/** `grants` connections of the demo Desk owner: ten per registered client (registrations are limited per address). */
async function connectGrants(baseUrl: string, owner: BrowserSession, grants: number): Promise<DeskConnection[]> {
  const connections: DeskConnection[] = [];
  let registered = await registerClient(baseUrl, "Soak 0");
  for (let index = 0; index < grants; index++) {
    if (index > 0 && index % 10 === 0) registered = await registerClient(baseUrl, `Soak ${index / 10}`);
    const tokens = await connectWorkspace(registered, owner, { workspace: "desk", scopes: ["desk:read", "desk:drafts"] });
    connections.push({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token!, registered });
  }
  return connections;
}

async function countRuns(url: string): Promise<Record<string, number>> {
  const database = await createDatabase({ url });
  try {
    const rows = await database.db
      .selectFrom("workflow_runs")
      .select(({ fn }) => ["status", fn.countAll<number | string>().as("runs")])
      .groupBy("status")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.runs)]));
  } finally {
    await database.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function soakOne(dialect: "sqlite" | "postgres", settings: Settings, command: string): Promise<SoakResult> {
  const processes = dialect === "sqlite" ? 1 : settings.processes;
  const sqliteDir = dialect === "sqlite" ? mkdtempSync(join(tmpdir(), "soak-sqlite-")) : undefined;
  const backupDir = sqliteDir === undefined ? undefined : join(sqliteDir, "backups");
  const shared = dialect === "postgres" ? await createSharedTestDatabase({ prefix: "soak_" }) : undefined;
  const databaseUrl = shared?.url ?? join(sqliteDir!, "connector.db");
  const ratePerSecond = (settings.grants * settings.times * settings.limit) / 60;
  const loadBefore = loadavg();
  const startedAt = new Date();
  const cluster = await startCluster({
    processes,
    entry: fileURLToPath(new URL("./main.js", import.meta.url)),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      RATE_LIMIT_PER_MINUTE: String(settings.limit),
      ...(backupDir === undefined ? {} : { BACKUP_DIR: backupDir, BACKUP_INTERVAL_MINUTES: String(settings.backupMinutes), BACKUP_KEEP: "3" }),
    },
    output: "pipe",
    startTimeoutMs: 120_000,
    onMemberExit: (member, code, signal) => process.stderr.write(`process ${member.index} exited (${code ?? signal}):\n${member.output().slice(-4000)}\n`),
  });
  const tally = new SoakTally();
  keepAliveRaces.retried = 0;
  const minutes: SoakMinute[] = [];
  const rssSamples: Array<{ seconds: number; mb: number[] }> = [];
  const placements = { sent: 0, accounts: 0 };
  try {
    const owner = new BrowserSession(cluster.url);
    const signedIn = await owner.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    if (signedIn.status !== 303) throw new Error(`the Desk owner's sign-in failed: ${signedIn.status}`);
    const deskKey = await acceptAgreementAndMintDeskKey(owner, "soak");
    process.stdout.write(`soak ${dialect}: connecting ${settings.grants} grants…\n`);
    const grants = await connectGrants(cluster.url, owner, settings.grants);
    const targets = cluster.members.map((member) => member.url);
    const firstPage = await post(targets[0]!, grants[0]!.accessToken, "list_accounts", { limit: 50 });
    const accountIds: string[] = (JSON.parse(firstPage.text).accounts as Array<{ accountId: string }>).map((account) => account.accountId);
    /** Each grant's last new draft: its identical retry goes through the same grant (another's is a 409 by design). */
    const lastDraft = new Map<number, Record<string, unknown>>();
    const pids = cluster.members.map((member) => member.process.pid);
    const rssNow = () => pids.map(residentMegabytes);

    let issued = 0;
    let inFlight = 0;
    const started = Date.now();
    const seconds = () => (Date.now() - started) / 1000;
    const stopAt = started + settings.minutes * 60_000;
    process.stdout.write(
      `soak ${dialect}: ${settings.minutes} min at ${settings.times}× the per-grant limit (${settings.limit}/min) over ${settings.grants} grants = ${ratePerSecond.toFixed(0)} calls/s, ${processes} process(es), Account Workflow on; RSS at start ${rssNow().map((mb) => mb.toFixed(0)).join(" / ")} MB\n`,
    );

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

    const oneCall = (index: number) => {
      const grantIndex = index % grants.length;
      const grant = grants[grantIndex]!;
      const target = targets[index % targets.length]!;
      // Each grant takes the kinds in turn: 11 REST reads, 4 MCP reads, 2 case statuses, 2 drafts and an identical retry in 20.
      const slot = Math.floor(index / grants.length) % 20;
      if (slot < 11) return call("rest list_accounts", () => post(target, grant.accessToken, "list_accounts", { limit: 20 }));
      if (slot < 15) return call("mcp list_accounts", () => mcp(target, grant.accessToken, "list_accounts", { limit: 20 }));
      if (slot < 17) {
        const accountId = accountIds[index % accountIds.length];
        return call("rest get_case_status", () => post(target, grant.accessToken, "get_case_status", { accountId }));
      }
      const retry = slot === 19 ? lastDraft.get(grantIndex) : undefined;
      const args = retry ?? {
        title: `Soak placement ${index}`,
        accounts: [{ reference: `S-${index}`, name: "Soak Test", amount: 100 + (index % 50) }],
        idempotencyKey: `soak-draft-${index}-${started}`,
      };
      if (retry === undefined) lastDraft.set(grantIndex, args);
      return call(retry ? "rest draft retry" : "rest create draft", () => post(target, grant.accessToken, "create_placement_draft", args));
    };

    // Refresh tokens: one grant after another, each every REFRESH_EVERY_MS, at the token endpoint of the processes in
    // turn (as the calls are: the sign-ins' round-robin proxy met the keep-alive race on its own idle connections). A
    // refresh that got no answer is tried again 5 s later, up to three times, as a client would before its access
    // token (15 minutes) runs out: the server never read it, so its refresh token still holds.
    let refreshed = 0;
    const retryTimers = new Set<NodeJS.Timeout>();
    const refresh = (grant: DeskConnection, attempt: number) =>
      void call(attempt === 1 ? "oauth refresh" : "oauth refresh, again", async () => {
        const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: grant.refreshToken, client_id: grant.registered.client.client_id });
        try {
          const answer = await send(`${targets[refreshed % targets.length]}/oauth/token`, { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, form.toString());
          if (answer.status === 200) {
            const tokens = JSON.parse(answer.text) as { access_token: string; refresh_token: string };
            grant.accessToken = tokens.access_token;
            grant.refreshToken = tokens.refresh_token;
          }
          return answer;
        } catch (error) {
          if (attempt < 3 && Date.now() < stopAt) {
            const timer = setTimeout(() => {
              retryTimers.delete(timer);
              refresh(grant, attempt + 1);
            }, 5000);
            retryTimers.add(timer);
          }
          throw error;
        }
      });
    const refreshTimer = setInterval(() => refresh(grants[refreshed++ % grants.length]!, 1), REFRESH_EVERY_MS / grants.length);
    // Account Workflow: a desk key places a few accounts every 2 s; each queues a run.
    const placeTimer = setInterval(() => {
      const batch = placements.sent++;
      const accounts = Array.from({ length: ACCOUNTS_PER_PLACEMENT }, (_unused, n) => ({ reference: `SOAK-${started}-${batch}-${n}`, name: "Soak Account", amount: 250 + n }));
      placements.accounts += accounts.length;
      void call("api/v1 placements", async () => {
        const response = await fetch(`${targets[batch % targets.length]}/api/v1/placements`, {
          method: "POST",
          headers: { authorization: `Bearer ${deskKey}`, "content-type": "application/json" },
          body: JSON.stringify({ accounts }),
        });
        return { status: response.status, text: await response.text() };
      });
    }, PLACE_EVERY_MS);
    const rssTimer = setInterval(() => rssSamples.push({ seconds: seconds(), mb: rssNow() }), RSS_EVERY_MS);
    rssSamples.push({ seconds: 0, mb: rssNow() });

    let nextMinute = started + 60_000;
    const closeMinute = async () => {
      const scraped = await Promise.all(targets.map(scrape));
      const minute = tally.closeMinute(minutes.length + 1, {
        rssMb: rssNow(),
        loopP99Ms: scraped.map((samples) => 1000 * (samples.get('connector_event_loop_delay_seconds{quantile="0.99"}') ?? Number.NaN)),
        loopMaxMs: scraped.map((samples) => 1000 * (samples.get('connector_event_loop_delay_seconds{quantile="1"}') ?? Number.NaN)),
        workflowWaiting: Math.max(0, ...scraped.map((samples) => samples.get('connector_job_queue_depth{queue="account_workflow"}') ?? 0)),
      });
      minutes.push(minute);
      const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join("/");
      process.stdout.write(
        `${dialect} min ${String(minute.minute).padStart(2)}: ${minute.answers} answers, ${minute.ok} 2xx, ${minute.refused429} 429, ${minute.errors} errors (${minute.serverErrors} 5xx), ${minute.skipped} skipped; 2xx p50 ${minute.okP50Ms.toFixed(1)} p99 ${minute.okP99Ms.toFixed(1)} ms; RSS ${ms(minute.rssMb)} MB; loop p99 ${ms(minute.loopP99Ms)} max ${ms(minute.loopMaxMs)} ms; workflow waiting ${minute.workflowWaiting}\n`,
      );
    };

    // The schedule: call `issued` is due at started + issued / rate, to grant issued % grants.
    while (Date.now() < stopAt) {
      const due = Math.floor(((Date.now() - started) / 1000) * ratePerSecond);
      while (issued < due) {
        if (inFlight < MAX_IN_FLIGHT) void oneCall(issued);
        else tally.skip();
        issued += 1;
      }
      if (Date.now() >= nextMinute) {
        nextMinute += 60_000;
        await closeMinute();
      }
      await sleep(5);
    }
    clearInterval(refreshTimer);
    for (const timer of retryTimers) clearTimeout(timer);
    clearInterval(placeTimer);
    clearInterval(rssTimer);
    while (inFlight > 0) await sleep(50);
    if (minutes.length < Math.ceil(settings.minutes - 1e-9)) await closeMinute();
    rssSamples.push({ seconds: seconds(), mb: rssNow() });

    // The workflow's last runs finish (at most a minute), then the processes stop and the runs are counted.
    const workflowDeadline = Date.now() + 60_000;
    while (Date.now() < workflowDeadline) {
      const scraped = await Promise.all(targets.map(scrape));
      const waiting = Math.max(...scraped.map((samples) => (samples.get('connector_workflow_runs{status="queued"}') ?? 0) + (samples.get('connector_workflow_runs{status="running"}') ?? 0)));
      if (waiting === 0) break;
      await sleep(1000);
    }
    const lastScrape = await Promise.all(targets.map(scrape));
    const backupGauges = lastScrape[0]!;
    await cluster.close();
    const runs = await countRuns(databaseUrl);
    const backups =
      backupDir === undefined
        ? undefined
        : {
            intervalMinutes: settings.backupMinutes,
            kept: (existsSync(backupDir) ? readdirSync(backupDir) : []).filter((name) => name.endsWith(".db")).length,
            lastDurationSeconds: backupGauges.get("connector_backup_last_duration_seconds") ?? Number.NaN,
            lastSizeBytes: backupGauges.get("connector_backup_last_size_bytes") ?? Number.NaN,
            failures: backupGauges.get("connector_backup_failures_total") ?? Number.NaN,
            databaseBytes: statSync(databaseUrl).size,
          };
    return {
      command,
      dialect,
      processes,
      grants: settings.grants,
      times: settings.times,
      limitPerMinute: settings.limit,
      ratePerSecond,
      plannedMinutes: settings.minutes,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      node: process.version,
      machine: `${cpus()[0]?.model.trim() ?? "unknown"}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
      loadBefore,
      loadAfter: loadavg(),
      serviceNodeFlags: process.execArgv.join(" ") || "none",
      minutes,
      rssSamples,
      rssSlopes: rssSlopes(rssSamples, processes),
      overall: tally.overall(),
      statuses: tally.statuses(),
      errorSamples: tally.errorSamples,
      placements,
      keepAliveRetries: keepAliveRaces.retried,
      workflowRuns: runs,
      ...(backups === undefined ? {} : { backups }),
    };
  } finally {
    await cluster.close();
    await shared?.drop();
    if (sqliteDir !== undefined) rmSync(sqliteDir, { recursive: true, force: true });
  }
}

/** Least-squares RSS slope per process, MB per 10 minutes: over the whole run and after the first fifth (warm-up). */
function rssSlopes(samples: ReadonlyArray<{ seconds: number; mb: number[] }>, processes: number) {
  const last = samples.at(-1)?.seconds ?? 0;
  const warmUp = Math.min(300, last / 5);
  const slope = (index: number, from: number) =>
    600 * leastSquaresSlope(samples.filter((sample) => sample.seconds >= from && Number.isFinite(sample.mb[index]!)).map((sample) => ({ x: sample.seconds, y: sample.mb[index]! })));
  return Array.from({ length: processes }, (_unused, index) => ({ wholeRun: slope(index, 0), afterWarmUp: slope(index, warmUp), warmUpSeconds: warmUp }));
}

async function main(): Promise<void> {
  // `pnpm soak -- --minutes 2`: pnpm passes the `--` on.
  const args = process.argv.slice(2);
  const { settings, values, positionals } = readSettings(args[0] === "--" ? args.slice(1) : args);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const reportPath = values.report ? (values["report-file"] ?? REPORT) : undefined;
  let results: SoakResult[];
  if (values.render) {
    results = positionals.map((file) => JSON.parse(readFileSync(file, "utf8")) as SoakResult);
  } else {
    results = [];
    for (const dialect of settings.dialects) {
      const result = await soakOne(dialect, settings, `pnpm soak -- ${(args[0] === "--" ? args.slice(1) : args).join(" ")}`);
      results.push(result);
      const file = values.json === undefined ? undefined : settings.dialects.length === 1 ? values.json : values.json.replace(/(\.json)?$/, `-${dialect}.json`);
      if (file !== undefined) writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      const failures = Object.values(result.statuses).reduce((sum, statuses) => sum + Object.entries(statuses).filter(([status]) => !/^2\d\d$|^429$/.test(status)).reduce((n, [, count]) => n + count, 0), 0);
      process.stdout.write(`soak ${dialect}: ${failures} errors; RSS slope ${result.rssSlopes.map((slope) => `${slope.wholeRun.toFixed(2)} (after warm-up ${slope.afterWarmUp.toFixed(2)})`).join(", ")} MB per 10 min\n`);
      for (const sample of result.errorSamples) process.stdout.write(`  e.g. ${sample}\n`);
      if (failures > 0) process.exitCode = 1;
    }
  }
  if (reportPath !== undefined) writeSoakSection(reportPath, results, `pnpm soak -- ${(args[0] === "--" ? args.slice(1) : args).join(" ")}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.message.startsWith("--") ? error.message : error.stack) : String(error)}\n`);
  process.exit(1);
});
