import { SHARED_TEST_DIALECT } from "@connector/store/testing";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@connector/auth";
import { createAuthStores } from "@connector/store";
import { BrowserSession } from "@connector/testkit";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

describe("health and readiness on PostgreSQL", () => {
  let service: TestService;
  beforeAll(async () => {
    // Empty, so the service's own migrating and seeding is what the demo check below sees.
    service = await startTestService(SHARED_TEST_DIALECT, { emptyDatabase: true });
  });
  afterAll(async () => {
    await service?.close();
  });

  it("/healthz and /readyz answer 200 while the database is reachable", async () => {
    expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${service.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  });

  it("the seeded demo is there: a desk of 300 accounts, one active and one expired offer", () => {
    expect(service.service.demo?.summary).toMatchObject({
      seeded: true,
      accountCount: 300,
      activeOfferReference: "HRP-000123",
      expiredOfferReference: "HRP-000124",
    });
  });

  it("when the database goes away: /readyz is 503 and tools and pages answer 503 with Retry-After, not 500", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", {})).status).toBe(200);
    const reader = { email: "outage-reader@creditor.example", password: "outage-reader-password" };
    const deskId = service.service.demo!.summary.deskId;
    await createUser({ stores: createAuthStores(service.service.database), ...reader, displayName: "Outage reader", deskId, deskRole: "member" });
    const page = new BrowserSession(service.baseUrl);
    expect((await page.signIn(reader.email, reader.password)).status).toBe(303);

    await service.testDatabase.drop();

    const ready = await fetch(`${service.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    const tool = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", {});
    expect(tool.status).toBe(503);
    expect(tool.body.error.code).toBe("service_unavailable");
    expect(tool.headers.get("retry-after")).toBe("5");

    // Over MCP too the outage is an HTTP 503, not a tool result inside a 200: the same answer for
    // a call alone (answered directly) and inside a batch (answered through the SDK's server).
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: {} } };
    const postMcp = (body: unknown) =>
      fetch(`${service.baseUrl}/mcp/desk`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${accessToken}`,
          "x-request-id": "outage-check",
        },
        body: JSON.stringify(body),
      });
    const listTools = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };
    const answers = [await postMcp(call), await postMcp([call]), await postMcp([listTools, call])];
    const bodies: unknown[] = [];
    for (const mcp of answers) {
      expect(mcp.status).toBe(503);
      expect(mcp.headers.get("retry-after")).toBe("5");
      const body = (await mcp.json()) as any;
      expect(body.error).toMatchObject({ code: "service_unavailable", requestId: "outage-check" });
      bodies.push(body);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(JSON.stringify(tool.body)).not.toMatch(/at .*\.js|database ".*" does not exist/);

    // A person's page and the sign-in form meet the same outage with the same status and Retry-After
    // (one mapping, http's toErrorResponse); only the words are the page's.
    for (const path of ["/connections", "/signin"]) {
      const answer = await page.request(path, { headers: { "x-request-id": "outage-page" } });
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get("retry-after"), path).toBe("5");
      expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
      const html = await answer.text();
      expect(html, path).toMatch(/busy|temporarily unavailable/i);
      expect(html, path).not.toMatch(/database ".*" does not exist|at .*\.js/);
    }
    expect(await (await page.request("/connections", { headers: { "x-request-id": "outage-page" } })).text()).toContain("outage-page");
  });
});

/** A port that was free a moment ago: the process must know its port to print its URLs. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the server process", () => {
  it("starts as the README's production command, prints its URLs and demo sign-ins, and exits 0 on SIGTERM", async () => {
    // The command the README gives a supervisor: the node process itself, so a signal reaches the server.
    const root = join(import.meta.dirname, "../../..");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const command = /^node (apps\/server\/dist\/main\.js)$/m.exec(readme);
    expect(command, "README documents `node apps/server/dist/main.js`").not.toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "server-process-"));
    const port = await freePort();
    const child = spawn(process.execPath, [command![1]!], {
      cwd: root,
      // Vitest puts Vite's BASE_URL ("/") in the environment; the server must derive its own.
      env: { ...process.env, BASE_URL: undefined, PORT: String(port), DATABASE_URL: join(dir, "connector.db"), LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const exited = once(child, "exit");
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        if (output.includes("resolve-demo-consumer")) resolve();
      });
      exited.then(() => reject(new Error(`server exited early: ${output}`)));
    });
    expect(output).toContain("owner@harbor.example");
    expect(output).toContain(`http://127.0.0.1:${port}/mcp/desk`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).toContain('"msg":"stopped"');
    // The signalled process was the server: nothing answers on its port any more.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
