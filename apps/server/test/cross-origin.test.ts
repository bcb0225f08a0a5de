import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { startTestService, type TestService } from "./support/test-service.js";

const APP = "https://agent-app.example.test";
const STRANGER = "https://elsewhere.example.test";

let service: TestService;
let desk: { accessToken: string };
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT, { mcpAllowedOrigins: [APP] });
  desk = await service.connect({ workspace: "desk" });
});
afterAll(async () => {
  await service?.close();
});

const preflight = (path: string, origin: string, method = "POST", headers = "authorization, content-type") =>
  fetch(`${service.baseUrl}${path}`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
  });
const exposed = (response: Response) => (response.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);

describe("CORS for bearer routes: any origin, never credentials (issue 25, point 6)", () => {
  it("answers a tool's preflight and lets the page read every answer's challenge, quota, retry time and request id", async () => {
    const answer = await preflight("/api/connectors/v1/desk/tools/list_accounts", STRANGER, "POST", "authorization, content-type, x-request-id");
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-methods")).toBe("POST");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();

    const refused = await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`, {
      method: "POST",
      headers: { origin: STRANGER, "content-type": "application/json", authorization: `Bearer ${desk.accessToken}` },
      body: JSON.stringify({ limit: 99 }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(exposed(refused)).toEqual(expect.arrayContaining(["www-authenticate", "retry-after", "ratelimit", "ratelimit-policy", "x-request-id"]));
  });

  it("serves the OpenAPI documents and the OAuth metadata, token, registration and revocation endpoints to any origin", async () => {
    const document = await fetch(`${service.baseUrl}/api/connectors/v1/openapi.json`, { headers: { origin: STRANGER } });
    expect(document.headers.get("access-control-allow-origin")).toBe("*");
    for (const path of ["/oauth/token", "/oauth/register", "/oauth/revoke"]) {
      expect((await preflight(path, STRANGER, "POST", "content-type")).headers.get("access-control-allow-origin"), path).toBe("*");
    }
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource/mcp/desk"]) {
      expect((await fetch(`${service.baseUrl}${path}`, { headers: { origin: STRANGER } })).headers.get("access-control-allow-origin"), path).toBe("*");
    }
  });
});

describe("MCP: its Origin check against DNS rebinding, with allowed origins a setting", () => {
  it("answers an allowed origin's preflight and calls with that origin, and refuses any other origin with 403", async () => {
    const allowed = await preflight("/mcp/desk", APP, "POST", "authorization, content-type, mcp-protocol-version, mcp-method, mcp-name");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(APP);
    const allowedHeaders = (allowed.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    // 2026-07-28 requires Mcp-Method on every call and Mcp-Name on a named one; 2025-06-18 needs the session id.
    expect(allowedHeaders).toEqual(expect.arrayContaining(["mcp-protocol-version", "mcp-method", "mcp-name", "mcp-session-id", "last-event-id"]));

    const challenged = await fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { origin: APP, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get("access-control-allow-origin")).toBe(APP);
    expect(exposed(challenged)).toContain("www-authenticate");

    for (const answer of [await preflight("/mcp/desk", STRANGER), await fetch(`${service.baseUrl}/mcp/desk`, { method: "POST", headers: { origin: STRANGER } })]) {
      expect(answer.status).toBe(403);
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
      expect(((await answer.json()) as any).error.code).toBe("forbidden_origin");
    }
  });

  it("never answers a cross-origin request to a cookie or desk-key route (the legacy API, pages, sign-in, consent) with CORS", async () => {
    for (const origin of [APP, STRANGER]) {
      for (const path of ["/api/v1/me", "/connections", "/signin", "/oauth/consent"]) {
        for (const method of ["GET", "POST"]) {
          const checked = await preflight(path, origin, method, "content-type");
          expect(checked.headers.get("access-control-allow-origin"), `${method} preflight ${path} from ${origin}`).toBeNull();
          expect(checked.headers.get("access-control-allow-credentials"), path).toBeNull();
        }
        const read = await fetch(`${service.baseUrl}${path}`, { headers: { origin }, redirect: "manual" });
        expect(read.headers.get("access-control-allow-origin"), `GET ${path} from ${origin}`).toBeNull();
        expect(read.headers.get("access-control-allow-credentials"), path).toBeNull();
      }
    }
  });

  it("reads MCP_ALLOWED_ORIGINS as a comma-separated list of origins and refuses anything that is not one", () => {
    expect(loadConfig({ MCP_ALLOWED_ORIGINS: `${APP}, http://127.0.0.1:5173` }).mcpAllowedOrigins).toEqual([APP, "http://127.0.0.1:5173"]);
    expect(loadConfig({}).mcpAllowedOrigins).toEqual([]);
    // Not origins, but read the same way: the operator's name and contact (issue 48 item 11).
    expect(loadConfig({ OPERATOR_NAME: " Harbor Legal Aid ", OPERATOR_CONTACT: "help@harbor.example" }).operator).toEqual({ name: "Harbor Legal Aid", contact: "help@harbor.example" });
    expect(loadConfig({}).operator).toBeUndefined();
    for (const bad of ["https://app.example.test/", "https://app.example.test/path", "app.example.test", "*"]) {
      expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: bad }), bad).toThrow(/MCP_ALLOWED_ORIGINS/);
    }
  });
});
