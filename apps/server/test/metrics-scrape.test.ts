import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStores } from "@connector/store";
import { createSharedTestDatabase, EMBEDDED_TEST_DIALECT, SHARED_DATABASE_IN_RUN, SHARED_TEST_DIALECT, TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, parseMetrics } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { SERVER_DEMO_TEMPLATE } from "./support/demo-template.js";
import { FaultProxy } from "./support/fault-proxy.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callMcp, callRest, connectMcp } from "./support/tool-callers.js";

const METRICS_TOKEN = "scrape-token-for-the-metrics-test";

async function scrape(baseUrl: string, token = METRICS_TOKEN) {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { response, text, samples: parseMetrics(text) };
}

const sampleOf = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;

describe.each(TEST_DIALECTS)("GET /metrics on %s", (dialect) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(dialect, { metricsToken: METRICS_TOKEN, requestsPerMinute: 8 });
  });
  afterAll(async () => {
    await service?.close();
  });

  it("answers only the configured bearer token, and says nothing else without it", async () => {
    const anonymous = await fetch(`${service.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await anonymous.json()).error.code).toBe("authentication_required");
    const wrong = await scrape(service.baseUrl, `${METRICS_TOKEN}x`);
    expect(wrong.response.status).toBe(401);
    expect(wrong.text).not.toContain("connector_");
    const right = await scrape(service.baseUrl);
    expect(right.response.status).toBe(200);
    expect(right.response.headers.get("content-type")).toContain("text/plain");
    expect(right.samples.get("process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts real traffic by route, status, tool and outcome, refusals and failed sign-ins, and names no one", async () => {
    const before = (await scrape(service.baseUrl)).samples;

    const { accessToken } = await service.connect({ workspace: "desk" });
    const listed = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 2 });
    expect(listed.status).toBe(200);
    const refusedInput = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: "many" });
    expect(refusedInput.status).toBe(400);
    const mcp = await connectMcp(service.baseUrl, "desk", accessToken);
    expect((await callMcp(mcp, "get_connector_capabilities")).isError).toBe(false);
    await mcp.close();
    // Another grant spends its 8 calls a minute: the 9th is refused.
    const busy = await service.connect({ workspace: "desk" });
    const statuses: number[] = [];
    for (let call = 1; call <= 9; call++) {
      statuses.push((await callRest(service.baseUrl, busy.accessToken, "desk", "get_connector_capabilities", {})).status);
    }
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
    const failed = await new BrowserSession(service.baseUrl).signIn(DEMO_USERS.deskOwner.email, "not-the-password");
    expect(failed.status).toBe(401);
    const draftId = randomUUID();
    await fetch(`${service.baseUrl}/drafts/${draftId}`);

    const after = await scrape(service.baseUrl);
    const moved = (key: string) => sampleOf(after.samples, key) - sampleOf(before, key);
    const toolRoute = "/api/connectors/v1/:workspace/tools/:tool";
    expect(moved(`connector_http_request_duration_seconds_count{method="POST",route="${toolRoute}",status="200"}`)).toBeGreaterThanOrEqual(2);
    expect(moved(`connector_http_request_duration_seconds_count{method="POST",route="${toolRoute}",status="400"}`)).toBe(1);
    expect(moved(`connector_http_request_duration_seconds_count{method="POST",route="${toolRoute}",status="429"}`)).toBe(1);
    expect(moved(`connector_http_request_duration_seconds_bucket{le="10",method="POST",route="${toolRoute}",status="200"}`)).toBeGreaterThanOrEqual(2);
    expect(moved(`connector_http_request_duration_seconds_count{method="POST",route="/mcp/:workspace",status="200"}`)).toBeGreaterThanOrEqual(2);
    expect(moved('connector_tool_calls_total{tool="list_accounts",outcome="ok"}')).toBe(1);
    expect(moved('connector_tool_calls_total{tool="list_accounts",outcome="invalid_input"}')).toBe(1);
    expect(moved('connector_tool_calls_total{tool="get_connector_capabilities",outcome="ok"}')).toBe(9);
    expect(moved(`connector_rate_limit_refusals_total{route="${toolRoute}"}`)).toBe(1);
    expect(moved('connector_sign_in_failures_total{reason="wrong email or password"}')).toBe(1);
    // The draft page's address carried an id: the label is its route template, never the id.
    expect(after.text).toContain('route="/drafts/:draftId"');
    for (const secret of [accessToken, draftId, DEMO_USERS.deskOwner.email, METRICS_TOKEN]) expect(after.text).not.toContain(secret);
    expect(after.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it("reports the event loop's delay over its last minute and the job queues (placement files, Account Workflow) off the request path", async () => {
    const { samples, text } = await scrape(service.baseUrl);
    for (const quantile of ["0.5", "0.99", "1"]) {
      const seconds = samples.get(`connector_event_loop_delay_seconds{quantile="${quantile}"}`);
      // How late the loop ran, the sampling interval taken off: a test server's loop is seldom late.
      expect(seconds, quantile).toBeGreaterThanOrEqual(0);
      expect(seconds, quantile).toBeLessThan(10);
    }
    // It served requests meanwhile: at least one sample came late.
    expect(samples.get('connector_event_loop_delay_seconds{quantile="1"}')).toBeGreaterThan(0);
    for (const queue of ["placement", "account_workflow"]) {
      expect(samples.get(`connector_job_queue_depth{queue="${queue}"}`), queue).toBeGreaterThanOrEqual(0);
      expect(samples.get(`connector_job_queue_oldest_age_seconds{queue="${queue}"}`), queue).toBeGreaterThanOrEqual(0);
    }
    expect(text).toContain("# TYPE connector_job_queue_depth gauge");
    // No backups are scheduled here: their gauges are absent rather than zero.
    expect(text).not.toContain("connector_backup_");
  });

  it("labels routes from a fixed set: spellings of one address add no series, unmatched ones share one label (issue 37)", async () => {
    const labels = (text: string) => new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    const variants = (n: number) => [
      `/ApI/connectors/v1/openapi.json?n=${n}`,
      `/API/CONNECTORS/V1/openapi.json`,
      `/api/V1/me?n=${n}`,
      `/Api/V1/openapi.json`,
      `/no/such/place/${n}`,
      `/NO-SUCH-${n}`,
      `/drafts/${randomUUID()}`,
    ];
    // One round makes every series these addresses can make; further rounds of new spellings must add none.
    for (const path of variants(0)) await fetch(`${service.baseUrl}${path}`, { method: "HEAD" });
    const first = await scrape(service.baseUrl);
    for (let n = 1; n <= 20; n++) {
      for (const path of variants(n)) await fetch(`${service.baseUrl}${path}`, { method: "HEAD" });
    }
    const after = await scrape(service.baseUrl);
    const httpSeries = (samples: Map<string, number>) => [...samples.keys()].filter((key) => key.startsWith("connector_http_")).length;
    expect(httpSeries(after.samples)).toBe(httpSeries(first.samples));
    expect([...labels(after.text)].sort()).toEqual([...labels(first.text)].sort());
    // Each matched route's label is its pattern as declared, in its declared letter case.
    for (const label of labels(after.text)) expect(label).not.toMatch(/ApI|API|CONNECTORS|V1|NO-SUCH|no\/such/);
    expect(labels(after.text)).toContain("/api/connectors/v1/openapi.json");
  });

  it("reports the Account Workflow backlog: runs queued, running and failed, and the oldest queued run's age", async () => {
    const { deskId } = service.service.demo!.summary;
    const accounts = await service.service.database.db.selectFrom("accounts").select("id").where("desk_id", "=", deskId).limit(3).execute();
    const stores = createStores(service.service.database);
    const before = (await scrape(service.baseUrl)).samples;
    // Rows written straight to the table: no engine was told, so they stay as written while the test looks.
    const now = Date.now();
    const [queued, running, failing] = accounts.map(() => randomUUID());
    await stores.workflows.createRuns([
      { runId: queued!, deskId, accountId: accounts[0]!.id, queuedAt: new Date(now - 600_000).toISOString() },
      { runId: running!, deskId, accountId: accounts[1]!.id, queuedAt: new Date(now).toISOString() },
      { runId: failing!, deskId, accountId: accounts[2]!.id, queuedAt: new Date(now).toISOString() },
    ]);
    const leaseUntil = new Date(now + 3_600_000).toISOString();
    await stores.workflows.claim(running!, "elsewhere", new Date(now).toISOString(), leaseUntil);
    await stores.workflows.claim(failing!, "elsewhere", new Date(now).toISOString(), leaseUntil);
    await stores.workflows.finish(failing!, "elsewhere", "failed", new Date(now).toISOString(), "account_missing");

    const after = (await scrape(service.baseUrl)).samples;
    const moved = (status: string) =>
      sampleOf(after, `connector_workflow_runs{status="${status}"}`) - sampleOf(before, `connector_workflow_runs{status="${status}"}`);
    expect(moved("queued")).toBe(1);
    expect(moved("running")).toBe(1);
    expect(moved("failed")).toBe(1);
    expect(after.get("connector_workflow_oldest_queued_age_seconds")).toBeGreaterThanOrEqual(600);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("does not exist: the metrics are off unless a scraper's token is configured", async () => {
    const service = await startTestService(EMBEDDED_TEST_DIALECT);
    try {
      const response = await fetch(`${service.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    } finally {
      await service.close();
    }
  });
});

describe.skipIf(!SHARED_DATABASE_IN_RUN)("GET /metrics while PostgreSQL is away", () => {
  let service: TestService;
  let proxy: FaultProxy;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createSharedTestDatabase({ prefix: "server_test", template: SERVER_DEMO_TEMPLATE });
    drop = () => database.drop();
    const target = new URL(database.url);
    proxy = new FaultProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    target.port = String(proxy.port);
    service = await startTestService(SHARED_TEST_DIALECT, {
      metricsToken: METRICS_TOKEN,
      database: { ...database, url: target.toString() },
    });
  });
  afterAll(async () => {
    await service?.close();
    await proxy?.close();
    await drop?.();
  });

  it("shows the pool's connections and counts the 503s the outage caused", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const before = (await scrape(service.baseUrl)).samples;
    expect(before.get("connector_database_pool_max")).toBe(10);
    expect(before.get("connector_database_pool_open")).toBeGreaterThan(0);
    expect(before.get("connector_database_pool_in_use")).toBeGreaterThanOrEqual(0);
    expect(before.get("connector_database_pool_waiting")).toBe(0);

    await proxy.cut();
    // A token verified a moment ago is reused without a lookup, so the page read is what meets the outage.
    const refused = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 2 });
    expect(refused.status).toBe(503);
    const during = (await scrape(service.baseUrl)).samples;
    expect(sampleOf(during, "connector_database_unavailable_total")).toBeGreaterThanOrEqual(1);
    const route = "/api/connectors/v1/:workspace/tools/:tool";
    expect(sampleOf(during, `connector_http_request_duration_seconds_count{method="POST",route="${route}",status="503"}`)).toBe(1);
    // The scrape itself still answers; the backlog it could not read is left out rather than guessed.
    expect(during.has('connector_workflow_runs{status="queued"}')).toBe(false);
    await proxy.restore();
  });
});

describe("GET /metrics with scheduled backups (SQLite)", () => {
  let service: TestService;
  let directory: string;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "metrics-backups-"));
    service = await startTestService(EMBEDDED_TEST_DIALECT, {
      metricsToken: METRICS_TOKEN,
      backups: { directory, intervalMinutes: 60, keep: 2 },
      backupIntervalMs: 250,
    });
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await service?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("says when the last backup finished, how long it took and how big it is, and keeps the newest few", async () => {
    const before = Date.now() / 1000;
    const initial = (await scrape(service.baseUrl)).samples;
    expect(initial.get("connector_backup_failures_total")).toBe(0);
    // Three backups at least, so the oldest is pruned.
    let samples = initial;
    const deadline = Date.now() + 60_000;
    let seen = new Set<number>();
    while (seen.size < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      samples = (await scrape(service.baseUrl)).samples;
      const last = samples.get("connector_backup_last_success_timestamp_seconds") ?? 0;
      if (last > 0) seen = new Set([...seen, last]);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    const last = samples.get("connector_backup_last_success_timestamp_seconds")!;
    expect(last).toBeGreaterThan(before - 1);
    expect(last).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    expect(samples.get("connector_backup_last_duration_seconds")).toBeGreaterThan(0);
    expect(samples.get("connector_backup_failures_total")).toBe(0);
    // Stopped, so no backup is between its rename and the pruning while the directory is read.
    await service.close();
    closed = true;
    const files = readdirSync(directory).filter((name) => name.endsWith(".db"));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files.length).toBeLessThanOrEqual(2);
    const sizes = files.map((name) => statSync(join(directory, name)).size);
    expect(sizes).toContain(samples.get("connector_backup_last_size_bytes"));
  }, 90_000);
});
