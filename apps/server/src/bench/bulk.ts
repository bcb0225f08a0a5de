/**
 * The bench's bulk part (issue 47): the largest file a Desk may place, 100,000 accounts in under
 * 10 MiB, sent in parts through `/api/v1/placements/uploads` with a desk key, previewed, then placed
 * as a job, with the demo Desk's Account Workflow on; meanwhile a health check, a `list_accounts`
 * tool call and a consumer's `/resolve` page are timed. The service runs in a process of its own
 * (bench-server.ts), which measures its own event-loop delay and peak memory.
 */
import { type ChildProcess, fork } from "node:child_process";
import { createDatabase } from "@connector/store/node";
import { acceptAgreementAndMintDeskKey, BrowserSession, refreshTokens } from "@connector/testkit";
import { DEMO_USERS } from "../demo-data.js";
import { benchDatabase, SETUP_NAMES, type Setup } from "./bench-database.js";
import type { BenchServerMessage, LoopReading } from "./bench-server.js";
import { connectDesk } from "./connect-desk.js";
import { type ProbeLatency, startProbes } from "./latency-probes.js";

/** The largest file the service takes: 100,000 accounts, each row about 100 bytes, under 10 MiB. */
export const BULK_ROWS = 100_000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
/**
 * How long the part waits for the last workflow run after the file is placed, in s: past it, the runs
 * finished so far are reported, with their rate, as a part of the whole. `BENCH_BULK_WORKFLOW_SECONDS=300`
 * (the default) for every set-up, or per set-up: `embedded=600,shared=60`.
 */
function workflowWaitMs(setup: Setup): number {
  const setting = process.env.BENCH_BULK_WORKFLOW_SECONDS ?? "300";
  const named = new Map(setting.split(",").map((item) => item.split("=") as [string, string?]).map(([name, value]) => (value === undefined ? ["*", name] : [name, value])));
  return Number(named.get(setup) ?? named.get("*") ?? 300) * 1000;
}

export interface BulkResult {
  setup: string;
  rows: number;
  fileBytes: number;
  /** Seconds the preview request took, and rows per second. */
  previewSeconds: number;
  previewRowsPerSecond: number;
  /** From the place request's 202 until the job read `placed`: every account live (polled every 50 ms). */
  liveSeconds: number;
  liveRowsPerSecond: number;
  /** From the place request's 202 until the job read `released`: every account's Account Workflow queued too. */
  placeSeconds: number;
  placeRowsPerSecond: number;
  /** The job's count of Account Workflow runs queued: the Desk's setting is on when it is every row. */
  workflowRunsQueued: number;
  /** False when the part stopped waiting for the last runs (BENCH_BULK_WORKFLOW_SECONDS): the figures are of the runs finished. */
  workflowFinished: boolean;
  workflowRunsSucceeded: number;
  workflowRunsFailed: number;
  /** From the first run started to the last run finished (the runs' own timestamps). */
  workflowSeconds: number;
  workflowRunsPerSecond: number;
  /** From the preview's request to the last run finished. */
  totalSeconds: number;
  loop: LoopReading;
  probes: ProbeLatency[];
}

const seconds = (fromMs: number, toMs = performance.now()) => (toMs - fromMs) / 1000;

/** 100,000 rows of about 100 bytes: references, names, amounts with `$` and thousands commas, creditors. */
export function bulkCsv(rows = BULK_ROWS): Uint8Array<ArrayBuffer> {
  const lines = ["reference,name,amount,currency,creditor"];
  for (let index = 1; index <= rows; index++) {
    const number = String(index).padStart(6, "0");
    lines.push(`BULK-${number},Account Holder ${number} Example,"$${(index % 9) + 1},${String(index % 1000).padStart(3, "0")}.25",USD,Northwind Card Services Holdings of America`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** The service in its own process (bench-server.ts), and its IPC channel. */
export class ServerProcess {
  private readonly waiting = new Map<string, (message: BenchServerMessage) => void>();
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.on("message", (message: BenchServerMessage) => {
      const resolve = this.waiting.get(message.type);
      this.waiting.delete(message.type);
      resolve?.(message);
    });
    this.exited = new Promise((resolve) => child.once("exit", resolve));
  }

  /** `env`: more of the service's settings (the tracing part's `OTEL_*`). */
  static async start(database: { url: string; directUrl?: string }, env: Record<string, string> = {}): Promise<{ server: ServerProcess; baseUrl: string }> {
    // `BENCH_CPU_PROF=<dir>`: a V8 CPU profile of the whole service process, written when it stops.
    const profileDir = process.env.BENCH_CPU_PROF;
    const child = fork(new URL("./bench-server.js", import.meta.url), {
      env: {
        ...process.env,
        ...env,
        BENCH_SERVER_DATABASE_URL: database.url,
        ...(database.directUrl === undefined ? {} : { BENCH_SERVER_DATABASE_DIRECT_URL: database.directUrl }),
      },
      // The bench's own Node flags (package.json's `bench`, the service's memory settings as `start` has
      // them) carry over to the service, as a fork's do by default.
      execArgv: [...process.execArgv, ...(profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`])],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const server = new ServerProcess(child);
    const ready = await Promise.race([
      server.next("listening"),
      server.next("failed"),
      server.exited.then((code) => ({ type: "failed" as const, message: `bench-server exited with ${code}` })),
    ]);
    if (ready.type !== "listening") throw new Error(`the bench's service did not start: ${ready.message}`);
    return { server, baseUrl: ready.baseUrl };
  }

  private next<Type extends BenchServerMessage["type"]>(type: Type): Promise<Extract<BenchServerMessage, { type: Type }>> {
    return new Promise((resolve) => this.waiting.set(type, resolve as (message: BenchServerMessage) => void));
  }

  async startLoopMeasure(): Promise<void> {
    const started = this.next("loop:started");
    this.child.send({ type: "loop:start" });
    await started;
  }

  async readLoop(): Promise<LoopReading> {
    const reading = this.next("loop");
    this.child.send({ type: "loop:read" });
    const { type: _type, ...loop } = await reading;
    return loop;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.send({ type: "stop" });
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 30_000);
    await this.exited;
    clearTimeout(timer);
  }
}

async function json(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The demo Desk owner signs in, accepts the Desk agreement (needed to place) and mints a desk key. */
async function mintDeskKey(baseUrl: string): Promise<string> {
  const owner = new BrowserSession(baseUrl);
  const signedIn = await owner.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
  if (signedIn.status !== 303) throw new Error(`the Desk owner's sign-in failed: ${signedIn.status}`);
  return acceptAgreementAndMintDeskKey(owner, "bench bulk");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the bulk part on one set-up: a fresh database, the service in its own process, the file. */
export async function benchBulk(setup: Setup, rows = BULK_ROWS): Promise<BulkResult> {
  const database = await benchDatabase(setup);
  const { server, baseUrl } = await ServerProcess.start(database);
  try {
    return await placeTheFile(setup, server, baseUrl, database.url, rows);
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function placeTheFile(setup: Setup, server: ServerProcess, baseUrl: string, databaseUrl: string, rows: number): Promise<BulkResult> {
  const key = await mintDeskKey(baseUrl);
  const desk = await connectDesk(baseUrl, ["desk:read"], "Benchmark bulk");
  let accessToken = desk.accessToken;
  let refreshToken = desk.refreshToken;
  const consumer = new BrowserSession(baseUrl);
  await consumer.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password);
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const file = bulkCsv(rows);
  if (file.length >= MAX_FILE_BYTES) throw new Error(`the bulk file is ${file.length} bytes, not under 10 MiB`);
  const begun = await api("POST", "/placements/uploads", { size: file.length });
  if (begun.status !== 201) throw new Error(`beginning the upload failed: ${begun.status} ${JSON.stringify(await json(begun))}`);
  const { uploadId, chunkBytes, chunkCount } = await json(begun);
  for (let index = 0; index < chunkCount; index++) {
    const sent = await fetch(`${baseUrl}/api/v1/placements/uploads/${uploadId}/chunks/${index}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/octet-stream" },
      body: file.subarray(index * chunkBytes, (index + 1) * chunkBytes),
    });
    await sent.arrayBuffer();
    if (sent.status !== 200) throw new Error(`part ${index} of the upload failed: ${sent.status}`);
  }

  // The access token lives 15 minutes; PostgreSQL's workflow may take longer. Refreshed outside the timed calls.
  const refresher = setInterval(() => {
    refreshTokens(desk.registered, refreshToken).then(
      (tokens) => {
        accessToken = tokens.access_token;
        refreshToken = tokens.refresh_token!;
      },
      (error: unknown) => process.stderr.write(`bulk: refreshing the access token failed: ${String(error)}\n`),
    );
  }, 10 * 60_000);
  const status = async (response: Promise<Response>) => {
    const answer = await response;
    await answer.arrayBuffer();
    return answer.status;
  };
  await server.startLoopMeasure();
  const probes = startProbes([
    { name: "`/healthz`", call: () => status(fetch(`${baseUrl}/healthz`)) },
    {
      name: "`list_accounts` (REST, limit 20)",
      call: () =>
        status(
          fetch(`${baseUrl}/api/connectors/v1/desk/tools/list_accounts`, {
            method: "POST",
            headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
            body: '{"limit":20}',
          }),
        ),
    },
    { name: "a consumer's `/resolve` page", call: () => status(consumer.request("/resolve")) },
  ]);
  try {
    const previewStarted = performance.now();
    const preview = await api("POST", `/placements/uploads/${uploadId}/place?dryRun=1`);
    const previewSeconds = seconds(previewStarted);
    const previewed = await json(preview);
    if (preview.status !== 200 || previewed.count !== rows) throw new Error(`the preview failed: ${preview.status} ${JSON.stringify(previewed).slice(0, 500)}`);

    const place = await api("POST", `/placements/uploads/${uploadId}/place`);
    const placeStarted = performance.now();
    const placed = await json(place);
    if (place.status !== 202) throw new Error(`placing failed: ${place.status} ${JSON.stringify(placed).slice(0, 500)}`);
    const location = place.headers.get("location")!.replace("/api/v1", "");
    let job: any;
    let liveSeconds = Number.NaN;
    for (;;) {
      job = await json(await api("GET", location));
      if (job.state === "placed" && Number.isNaN(liveSeconds)) liveSeconds = seconds(placeStarted);
      if (job.released === true || job.state === "failed") break;
      await sleep(50);
    }
    const placeSeconds = seconds(placeStarted);
    if (job.state !== "placed" || job.rowsSaved !== rows) throw new Error(`the job did not place the file: ${JSON.stringify(job).slice(0, 500)}`);

    // The runs follow as accounts are released: done when none is queued or running.
    const workflowDeadline = Date.now() + workflowWaitMs(setup);
    let workflowFinished = false;
    for (;;) {
      const [queued, running] = await Promise.all(["queued", "running"].map(async (state) => (await json(await api("GET", `/workflows/runs?status=${state}&limit=1`))).runs));
      workflowFinished = queued.length === 0 && running.length === 0;
      if (workflowFinished || Date.now() > workflowDeadline) break;
      await sleep(250);
    }
    // Preview → the last run finished (or the part stopped waiting).
    const totalSeconds = seconds(previewStarted);
    const probeLatencies = await probes.stop();
    const loop = await server.readLoop();
    const runs = await workflowRunFigures(databaseUrl, job.createdAt);
    return {
      setup: SETUP_NAMES[setup],
      rows,
      fileBytes: file.length,
      previewSeconds,
      previewRowsPerSecond: rows / previewSeconds,
      liveSeconds,
      liveRowsPerSecond: rows / liveSeconds,
      placeSeconds,
      placeRowsPerSecond: rows / placeSeconds,
      workflowRunsQueued: job.workflowRuns,
      workflowFinished,
      ...runs,
      workflowRunsPerSecond: runs.workflowSeconds > 0 ? runs.workflowRunsSucceeded / runs.workflowSeconds : Number.NaN,
      totalSeconds,
      loop,
      probes: probeLatencies,
    };
  } finally {
    clearInterval(refresher);
    await probes.stop();
  }
}

/** The file's runs, read from the database: how many succeeded or failed, from the first start to the last finish. */
async function workflowRunFigures(databaseUrl: string, since: string) {
  const database = await createDatabase({ url: databaseUrl });
  try {
    const rows = await database.db
      .selectFrom("workflow_runs")
      .select((eb) => ["status", eb.fn.countAll<number>().as("runs"), eb.fn.min("started_at").as("first"), eb.fn.max("finished_at").as("last")])
      .where("queued_at", ">=", since)
      .groupBy("status")
      .execute();
    const succeeded = rows.find((row) => row.status === "succeeded");
    const failed = rows.find((row) => row.status === "failed");
    const workflowSeconds =
      succeeded?.first == null || succeeded.last == null ? Number.NaN : (new Date(succeeded.last).getTime() - new Date(succeeded.first).getTime()) / 1000;
    return { workflowRunsSucceeded: Number(succeeded?.runs ?? 0), workflowRunsFailed: Number(failed?.runs ?? 0), workflowSeconds };
  } finally {
    await database.close();
  }
}
