import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { STYLESHEET } from "@connector/ui";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService } from "../src/create-service.js";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/**
 * OWASP ASVS V14.4: `nosniff` on every answer, `no-store` on every answer that carries a person's
 * data (cacheable public documents say so themselves), HSTS when the deployment is reached by https.
 */
describe("headers on every answer", () => {
  let service: TestService;
  let accessToken: string;
  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    accessToken = (await service.connect({ workspace: "desk" })).accessToken;
  });
  afterAll(async () => {
    await service?.close();
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${service.baseUrl}${path}`, { redirect: "manual", ...init });

  it("sends nosniff on JSON, pages, assets, OAuth errors and tool results, and no HSTS over http", async () => {
    const owner = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
    const answers = [
      await get("/healthz"),
      await get("/no-such-thing"),
      await get("/", { headers: { accept: "text/html" } }),
      await get(STYLESHEET.path),
      await get("/oauth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=x" }),
      await get("/.well-known/oauth-authorization-server"),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("strict-transport-security"), answer.url).toBeNull();
    }
    const tool = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 1 });
    expect(tool.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await owner.call("GET", "/me")).headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("marks tool results, MCP answers and errors no-store; public documents keep their own caching", async () => {
    const tool = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 1 });
    expect(tool.status).toBe(200);
    expect(tool.headers.get("cache-control")).toBe("no-store");
    const mcp = await get("/mcp/desk", {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: { limit: 1 } } }),
    });
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get("cache-control")).toBe("no-store");
    expect((await get("/no-such-thing")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/.well-known/oauth-authorization-server")).headers.get("cache-control")).toBe("public, max-age=300");
    expect((await get(STYLESHEET.path)).headers.get("cache-control")).toContain("immutable");
  });
});

describe("a deployment reached by https", () => {
  it("sends Strict-Transport-Security on every answer", async () => {
    const database = await createTestDatabase(EMBEDDED_TEST_DIALECT, { prefix: "https_headers" });
    const service = await createService(
      { port: 0, host: "127.0.0.1", baseUrl: "https://connector.example", databaseUrl: database.url, logLevel: "silent", demoSeed: false },
      pino({ level: "silent" }),
    );
    const server = createServer(service.app);
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of ["/healthz", "/no-such-thing", "/signin", "/.well-known/oauth-authorization-server"]) {
        const answer = await fetch(`${base}${path}`, { redirect: "manual" });
        expect(answer.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
        expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      await database.drop();
    }
  });
});
