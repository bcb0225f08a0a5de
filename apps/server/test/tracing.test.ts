import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertNoForbiddenPersonalData } from "@connector/core/guard";
import { createDatabase } from "@connector/store/node";
import { createTestDatabase, EMBEDDED_TEST_DIALECT, TEST_DIALECTS, type TestDatabase, type TestDialect } from "@connector/store/testing";
import { type CollectedSpan, type FakeOtlpCollector, type OtlpValue, readUntil, SPAN_KIND, startFakeOtlpCollector } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { SERVER_DEMO_TEMPLATE } from "./support/demo-template.js";
import { freePort, type ServerProcess, startServerProcess } from "./support/server-process.js";
import { connectAs, type Connection } from "./support/test-service.js";
import { callRest, connectMcpModern } from "./support/tool-callers.js";

/**
 * Traces as an operator's collector receives them: the built server (`dist/main.js`) started with the
 * standard `OTEL_*` variables, exporting to an OTLP/HTTP receiver on loopback that decodes what it gets
 * (testkit's fake collector), and started without them, exporting nothing.
 */
const MAIN = join(import.meta.dirname, "../dist/main.js");
/** Spans are sent every 100 ms here (the SDK's default is 5 s), so a test waits little for them. */
const QUICK_BATCHES = { OTEL_BSP_SCHEDULE_DELAY: "100" };
const WAIT_MS = 15_000;
const MCP_ACCEPT = "application/json, text/event-stream";

const hex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
/** A caller's W3C trace context: a trace id, the caller's span id, sampled. */
function callerTrace() {
  const traceId = hex(16);
  const parentSpanId = hex(8);
  return { traceId, parentSpanId, traceparent: `00-${traceId}-${parentSpanId}-01` };
}

interface RunningServer {
  baseUrl: string;
  port: number;
  process: ServerProcess;
  /** The JSON log lines written so far. */
  logLines(): Record<string, unknown>[];
}

async function startServer(database: TestDatabase, env: Record<string, string>): Promise<RunningServer> {
  const cwd = mkdtempSync(join(tmpdir(), "connector-tracing-"));
  const port = await freePort();
  const process = await startServerProcess(MAIN, { cwd, env: { PORT: String(port), DATABASE_URL: database.url, ...env } });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    process: {
      ...process,
      async stop() {
        const code = await process.stop();
        rmSync(cwd, { recursive: true, force: true });
        return code;
      },
    },
    logLines: () =>
      process
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * The spans of one trace once the span of this service's HTTP request has arrived (it ends last, so its
 * children came with it or before), or once `complete` says so.
 */
async function traceOf(
  collector: FakeOtlpCollector,
  traceId: string,
  complete = (spans: CollectedSpan[]) => spans.some((span) => span.kind === SPAN_KIND.server && span.scope === "@connector/server"),
): Promise<CollectedSpan[]> {
  return readUntil(async () => collector.spans.filter((span) => span.traceId === traceId), complete, WAIT_MS);
}

function childNamed(spans: readonly CollectedSpan[], parent: CollectedSpan, name: string | RegExp): CollectedSpan {
  const child = spans.find((span) => span.parentSpanId === parent.spanId && (typeof name === "string" ? span.name === name : name.test(span.name)));
  expect(child, `a child "${String(name)}" of "${parent.name}" among ${spans.map((span) => span.name).join(", ")}`).toBeDefined();
  return child!;
}

/** Every text a span shows a collector: its name, its attributes' keys and values, its events', its links', its status, its resource. */
function textsOf(span: CollectedSpan): string[] {
  const values = (value: OtlpValue): string[] => {
    if (value === null || value instanceof Uint8Array) return [];
    if (Array.isArray(value)) return value.flatMap(values);
    if (typeof value === "object") return Object.entries(value).flatMap(([key, item]) => [key, ...values(item)]);
    return [String(value)];
  };
  const attributes = (record: Record<string, OtlpValue>) => Object.entries(record).flatMap(([key, value]) => [key, ...values(value)]);
  return [
    span.name,
    ...attributes(span.attributes),
    ...span.events.flatMap((event) => [event.name, ...attributes(event.attributes)]),
    ...span.links.flatMap((link) => attributes(link.attributes)),
    span.status.message,
    ...attributes(span.resource),
  ].filter((text) => text !== "");
}

/** Every personal value the demo database holds: debtors' names, references, contacts and notes. */
async function storedPersonalValues(url: string): Promise<string[]> {
  const database = await createDatabase({ url });
  try {
    const accounts = await database.db.selectFrom("accounts").select(["reference", "debtor_name", "debtor_email", "debtor_phone", "internal_note"]).execute();
    const payments = await database.db.selectFrom("payment_records").select("internal_note").execute();
    return [...accounts.flatMap((row) => Object.values(row)), ...payments.map((row) => row.internal_note)].filter(
      (value): value is string => typeof value === "string" && value.length >= 6,
    );
  } finally {
    await database.close();
  }
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

describe.each(TEST_DIALECTS)("traces exported over OTLP/HTTP (protobuf) on %s", (dialect: TestDialect) => {
  let collector: FakeOtlpCollector;
  let database: TestDatabase;
  let server: RunningServer;
  let desk: Connection;
  let resolve: Connection;

  beforeAll(async () => {
    collector = await startFakeOtlpCollector();
    database = await createTestDatabase(dialect, { prefix: "tracing_test", template: SERVER_DEMO_TEMPLATE });
    server = await startServer(database, { ...QUICK_BATCHES, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "connector-under-test" });
    desk = await connectAs(server.baseUrl, { workspace: "desk" });
    resolve = await connectAs(server.baseUrl, { workspace: "resolve" });
  });
  afterAll(async () => {
    await server?.process.stop();
    await collector?.close();
    await database?.drop();
  });

  it("continues a REST tool call's traceparent: the request, its checks, the tool and its statements, named by the conventions", async () => {
    const caller = callerTrace();
    const response = await callRest(server.baseUrl, desk.accessToken, "desk", "list_accounts", { limit: 3 }, {
      headers: { traceparent: caller.traceparent, tracestate: "vendor=opaque" },
    });
    expect(response.status).toBe(200);
    const spans = await traceOf(collector, caller.traceId);

    const request = spans.find((span) => span.parentSpanId === caller.parentSpanId)!;
    expect(request).toMatchObject({
      name: "POST /api/connectors/v1/:workspace/tools/:tool",
      kind: SPAN_KIND.server,
      status: { code: 0 },
      attributes: {
        "http.request.method": "POST",
        "http.route": "/api/connectors/v1/:workspace/tools/:tool",
        "url.path": "/api/connectors/v1/desk/tools/list_accounts",
        "url.scheme": "http",
        "http.response.status_code": 200,
        "server.address": "127.0.0.1",
        "server.port": server.port,
        "network.protocol.version": "1.1",
      },
      resource: { "service.name": "connector-under-test" },
    });
    for (const check of ["check bearer", "check rate", "check scope"]) expect(childNamed(spans, request, check).kind).toBe(SPAN_KIND.internal);
    const tool = childNamed(spans, request, "execute_tool list_accounts");
    expect(tool.attributes).toEqual({ "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "list_accounts", "gen_ai.tool.type": "function" });
    childNamed(spans, tool, "check input");
    const read = childNamed(spans, tool, /^SELECT /);
    expect(read.kind).toBe(SPAN_KIND.client);
    expect(read.attributes).toMatchObject({
      "db.system.name": dialect === "postgres" ? "postgresql" : "sqlite",
      "db.operation.name": "SELECT",
      "db.query.summary": read.name,
    });
    expect(String(read.attributes["db.query.summary"])).toMatch(/^SELECT (live_)?accounts\b/);
    // Every span hangs from the request's, up to the caller's.
    const ids = new Set(spans.map((span) => span.spanId));
    for (const span of spans) expect(span === request || ids.has(span.parentSpanId), span.name).toBe(true);

    // The request's log lines carry the caller's trace id.
    const lines = await readUntil(
      async () => server.logLines().filter((line) => line.trace_id === caller.traceId),
      (found) => found.some((line) => line.msg === "request"),
      WAIT_MS,
    );
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ path: "/api/connectors/v1/desk/tools/list_accounts", status: 200, span_id: request.spanId });
  });

  it("continues an MCP tool call's traceparent, answered directly and through the SDK (2026-07-28)", async () => {
    const direct = callerTrace();
    const reply = await fetch(`${server.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { authorization: `Bearer ${desk.accessToken}`, "content-type": "application/json", accept: MCP_ACCEPT, traceparent: direct.traceparent },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_accounts", arguments: { limit: 2 } } }),
    });
    expect(reply.status).toBe(200);
    let spans = await traceOf(collector, direct.traceId);
    const request = spans.find((span) => span.parentSpanId === direct.parentSpanId)!;
    expect(request).toMatchObject({ name: "POST /mcp/:workspace", kind: SPAN_KIND.server, attributes: { "url.path": "/mcp/desk", "http.response.status_code": 200 } });
    childNamed(spans, request, "check bearer");
    childNamed(spans, request, "check rate");
    const call = childNamed(spans, request, "tools/call list_accounts");
    expect(call).toMatchObject({
      kind: SPAN_KIND.server,
      status: { code: 0 },
      attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "list_accounts", "gen_ai.operation.name": "execute_tool", "jsonrpc.request.id": "7", "network.transport": "tcp" },
    });
    childNamed(spans, call, "check scope");
    childNamed(spans, childNamed(spans, call, "execute_tool list_accounts"), /^SELECT /);

    const modern = callerTrace();
    const client = await connectMcpModern(server.baseUrl, "desk", desk.accessToken, { traceparent: modern.traceparent });
    try {
      await client.callTool({ name: "get_connector_capabilities", arguments: {} });
    } finally {
      await client.close();
    }
    // Each of the client's requests (discovery, the listing, the call) is a span under the caller's trace.
    spans = await traceOf(collector, modern.traceId, (found) => {
      const call = found.find((span) => span.name === "tools/call get_connector_capabilities");
      return call !== undefined && found.some((span) => span.spanId === call.parentSpanId);
    });
    const calls = spans.filter((span) => span.name === "tools/call get_connector_capabilities");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.attributes).toMatchObject({ "mcp.method.name": "tools/call", "mcp.protocol.version": "2026-07-28" });
    expect(spans.find((span) => span.spanId === calls[0]!.parentSpanId)?.name).toBe("POST /mcp/:workspace");
    expect(spans.some((span) => span.name === "tools/list")).toBe(true);
  });

  it("takes an MCP message's own traceparent (params._meta) as its span's parent, linking the HTTP request's", async () => {
    const transport = callerTrace();
    const message = callerTrace();
    const reply = await fetch(`${server.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { authorization: `Bearer ${desk.accessToken}`, "content-type": "application/json", accept: MCP_ACCEPT, traceparent: transport.traceparent },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: "call-8",
        method: "tools/call",
        params: { name: "get_connector_capabilities", arguments: {}, _meta: { traceparent: message.traceparent } },
      }),
    });
    expect(reply.status).toBe(200);
    const [request] = await traceOf(collector, transport.traceId);
    const spans = await readUntil(
      async () => collector.spans.filter((span) => span.traceId === message.traceId),
      (found) => found.some((span) => span.name.startsWith("tools/call")),
      WAIT_MS,
    );
    const call = spans.find((span) => span.name === "tools/call get_connector_capabilities")!;
    expect(call.parentSpanId).toBe(message.parentSpanId);
    expect(call.attributes["jsonrpc.request.id"]).toBe("call-8");
    const http = collector.spans.find((span) => span.traceId === transport.traceId && span.kind === SPAN_KIND.server && span.scope === "@connector/server");
    expect(call.links).toEqual([{ traceId: transport.traceId, spanId: http!.spanId, attributes: {} }]);
    expect(request).toBeDefined();
    childNamed(spans, call, "execute_tool get_connector_capabilities");
  });

  it("marks refusals and failed tools with their code, never their message", async () => {
    const refused = callerTrace();
    expect((await callRest(server.baseUrl, "not-a-token", "desk", "list_accounts", {}, { headers: { traceparent: refused.traceparent } })).status).toBe(401);
    const spans = await traceOf(collector, refused.traceId);
    const request = spans.find((span) => span.kind === SPAN_KIND.server)!;
    expect(request.status.code).toBe(0); // a 4xx is the caller's, not a failure of the server (HTTP conventions)
    expect(childNamed(spans, request, "check bearer")).toMatchObject({ status: { code: 2, message: "" }, attributes: { "error.type": "invalid_token" } });

    const invalid = callerTrace();
    const reply = await fetch(`${server.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { authorization: `Bearer ${desk.accessToken}`, "content-type": "application/json", accept: MCP_ACCEPT, traceparent: invalid.traceparent },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "list_accounts", arguments: { limit: "many" } } }),
    });
    expect((await reply.json()).result.isError).toBe(true);
    const mcp = await traceOf(collector, invalid.traceId);
    const call = mcp.find((span) => span.name === "tools/call list_accounts")!;
    expect(call).toMatchObject({ status: { code: 2 }, attributes: { "error.type": "tool_error" } });
    const tool = childNamed(mcp, call, "execute_tool list_accounts");
    expect(childNamed(mcp, tool, "check input")).toMatchObject({ status: { code: 2 }, attributes: { "error.type": "invalid_input" } });
  });

  it("carries no token, email, name, reference or personal number in any span it exported", async () => {
    const sent = { name: "Morgan Tracewell", reference: "OTEL-REF-77310", title: "Tracing check draft" };
    const calls: Array<Promise<unknown>> = [];
    for (const tool of ["get_connector_capabilities", "list_accounts", "list_placement_drafts"]) {
      calls.push(callRest(server.baseUrl, desk.accessToken, "desk", tool, {}, { headers: { traceparent: callerTrace().traceparent } }));
    }
    const accounts = (await callRest(server.baseUrl, desk.accessToken, "desk", "list_accounts", { limit: 5 })).body.accounts as { accountId: string }[];
    for (const { accountId } of accounts) {
      calls.push(callRest(server.baseUrl, desk.accessToken, "desk", "get_case_status", { accountId }, { headers: { traceparent: callerTrace().traceparent } }));
    }
    const draft = { title: sent.title, accounts: [{ reference: sent.reference, name: sent.name, amount: 12 }], idempotencyKey: "tracing-draft-000001" };
    calls.push(callRest(server.baseUrl, desk.accessToken, "desk", "create_placement_draft", draft, { headers: { traceparent: callerTrace().traceparent } }));
    // Personal data the guard refuses, over REST and MCP, and a JSON-RPC id that is an email address.
    const refusedDraft = { ...draft, accounts: [{ reference: "123-45-6789", name: "4111 1111 1111 1111", amount: 1 }], idempotencyKey: "tracing-draft-000002" };
    calls.push(callRest(server.baseUrl, desk.accessToken, "desk", "create_placement_draft", refusedDraft, { headers: { traceparent: callerTrace().traceparent } }));
    calls.push(
      fetch(`${server.baseUrl}/mcp/desk`, {
        method: "POST",
        headers: { authorization: `Bearer ${desk.accessToken}`, "content-type": "application/json", accept: MCP_ACCEPT, traceparent: callerTrace().traceparent },
        body: JSON.stringify({ jsonrpc: "2.0", id: DEMO_USERS.deskOwner.email, method: "tools/call", params: { name: "create_placement_draft", arguments: refusedDraft } }),
      }),
    );
    calls.push(
      callRest(server.baseUrl, resolve.accessToken, "resolve", "create_consumer_request_draft", { kind: "documents", recipient: "Harbor", idempotencyKey: "tracing-resolve-001" }, {
        headers: { traceparent: callerTrace().traceparent },
      }),
    );
    // Addresses a client wrote with personal data where an id or a tool goes.
    calls.push(fetch(`${server.baseUrl}/api/v1/drafts/${encodeURIComponent(DEMO_USERS.consumer.email)}`, { headers: { traceparent: callerTrace().traceparent } }));
    calls.push(callRest(server.baseUrl, desk.accessToken, "desk", "jane.doe@example.com", {}, { headers: { traceparent: callerTrace().traceparent } }));
    await Promise.all(calls);
    const last = callerTrace();
    await callRest(server.baseUrl, desk.accessToken, "desk", "get_connector_capabilities", {}, { headers: { traceparent: last.traceparent } });
    await traceOf(collector, last.traceId);

    const stored = await storedPersonalValues(database.url);
    expect(stored.length).toBeGreaterThan(300);
    const secrets = [
      desk.accessToken,
      desk.refreshToken,
      resolve.accessToken,
      resolve.refreshToken,
      DEMO_USERS.deskOwner.email,
      DEMO_USERS.deskOwner.password,
      DEMO_USERS.deskOwner.displayName,
      DEMO_USERS.consumer.email,
      DEMO_USERS.consumer.displayName,
      ...Object.values(sent),
      ...accounts.map((account) => account.accountId),
      ...stored,
    ];
    expect(collector.spans.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const span of collector.spans) {
      const texts = textsOf(span);
      // The service's own guard, as it runs over every tool argument: no SSN, card or routing number.
      try {
        assertNoForbiddenPersonalData(texts);
      } catch {
        found.push(`${span.name}: a personal number in ${texts.join(" | ")}`);
      }
      for (const text of new Set(texts)) {
        if (EMAIL.test(text)) found.push(`${span.name}: an email address in "${text}"`);
        for (const secret of secrets) if (text.includes(secret)) found.push(`${span.name}: "${secret}" in "${text}"`);
      }
    }
    expect(found).toEqual([]);
    // Background work (the activity trail's flushes, Account Workflow) starts no trace of its own: every root is a request.
    expect(collector.spans.filter((span) => span.parentSpanId === "" && span.scope !== "@connector/server").map((span) => span.name)).toEqual([]);
    // An address no route answered has no url.path; one with a non-word where an id goes keeps the parameter's name.
    const routes = collector.spans.filter((span) => span.kind === SPAN_KIND.server && span.scope === "@connector/server");
    expect(routes.map((span) => span.attributes["url.path"]).filter((path) => typeof path === "string" && path.includes("tools/"))).not.toContain(
      "/api/connectors/v1/desk/tools/jane.doe@example.com",
    );
  });
});

describe("traces exported as OTLP/JSON to the traces endpoint", () => {
  it("posts JSON to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is", async () => {
    const collector = await startFakeOtlpCollector();
    const database = await createTestDatabase(EMBEDDED_TEST_DIALECT, { template: SERVER_DEMO_TEMPLATE });
    const server = await startServer(database, {
      ...QUICK_BATCHES,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`,
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
    });
    try {
      const caller = callerTrace();
      const { accessToken } = await connectAs(server.baseUrl, { workspace: "desk" });
      await callRest(server.baseUrl, accessToken, "desk", "get_connector_capabilities", {}, { headers: { traceparent: caller.traceparent } });
      const spans = await traceOf(collector, caller.traceId);
      expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(["POST /api/connectors/v1/:workspace/tools/:tool", "execute_tool get_connector_capabilities"]));
      expect(new Set(collector.requests.map((request) => request.contentType))).toEqual(new Set(["application/json"]));
      expect(spans[0]!.resource["service.name"]).toBe("connector");
    } finally {
      await server.process.stop();
      await collector.close();
      await database.drop();
    }
  });
});

describe("with no OTLP endpoint set", () => {
  it("exports nothing and writes no trace id, though the other OTEL_* variables and a traceparent are there", async () => {
    // The default OTLP/HTTP endpoint (localhost:4318), where an exporter left on with its defaults would post.
    const collector = await startFakeOtlpCollector({ port: 4318 }).catch(() => startFakeOtlpCollector());
    const database = await createTestDatabase(EMBEDDED_TEST_DIALECT, { template: SERVER_DEMO_TEMPLATE });
    const server = await startServer(database, { ...QUICK_BATCHES, OTEL_SERVICE_NAME: "connector-untraced", OTEL_TRACES_SAMPLER: "always_on" });
    try {
      const caller = callerTrace();
      const { accessToken } = await connectAs(server.baseUrl, { workspace: "desk" });
      expect((await callRest(server.baseUrl, accessToken, "desk", "list_accounts", { limit: 2 }, { headers: { traceparent: caller.traceparent } })).status).toBe(200);
      const mcp = await fetch(`${server.baseUrl}/mcp/desk`, {
        method: "POST",
        headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: MCP_ACCEPT, traceparent: caller.traceparent },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: {} } }),
      });
      expect(mcp.status).toBe(200);
    } finally {
      // Stopping flushes whatever a tracer would hold: after it, nothing can still be on its way.
      expect(await server.process.stop()).toBe(0);
    }
    try {
      expect(collector.requests).toEqual([]);
      const lines = server.logLines();
      expect(lines.filter((line) => line.msg === "request").length).toBeGreaterThan(3);
      expect(lines.filter((line) => "trace_id" in line || "span_id" in line)).toEqual([]);
    } finally {
      await collector.close();
      await database.drop();
    }
  });
});
