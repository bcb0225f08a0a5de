import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** Every JSON log line the service writes, as a deployment's log collector would receive them. */
const logLines: Record<string, unknown>[] = [];
const collector = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n")) if (line.trim() !== "") logLines.push(JSON.parse(line));
    done();
  },
});

let service: TestService;
let desk: { accessToken: string };

beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT, { logger: pino({ level: "info" }, collector) });
  desk = await service.connect({ workspace: "desk" });
});
afterAll(async () => {
  await service?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const mcpHeaders = (token: string) => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  authorization: `Bearer ${token}`,
});

describe("request ids", () => {
  it("every response carries X-Request-Id: tools, MCP, OAuth, pages, unknown addresses", async () => {
    const responses = [
      await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${desk.accessToken}` },
        body: "{}",
      }),
      await fetch(`${service.baseUrl}/mcp/desk`, {
        method: "POST",
        headers: mcpHeaders(desk.accessToken),
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      }),
      await fetch(`${service.baseUrl}/.well-known/oauth-authorization-server`),
      await fetch(`${service.baseUrl}/signin`),
      await fetch(`${service.baseUrl}/healthz`),
      await fetch(`${service.baseUrl}/nothing-here`),
    ];
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echoes a well-formed id the client sent and replaces one that is not", async () => {
    const call = (id: string) =>
      fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${desk.accessToken}`, "x-request-id": id },
        body: "{}",
      });
    expect((await call("req_2026-11-23.abc:1")).headers.get("x-request-id")).toBe("req_2026-11-23.abc:1");
    for (const bad of ["has space", "x".repeat(129), "quote\"d", "new\u00e9"]) {
      const response = await call(encodeURI(bad) === bad ? bad : "has space");
      expect(response.headers.get("x-request-id")).toMatch(UUID);
    }
  });

  it("every error body names the request, over REST, MCP and on unknown addresses", async () => {
    const rest = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", { limit: 51 });
    expect(rest.body.error.requestId).toBe(rest.headers.get("x-request-id"));
    const anonymous = await callRest(service.baseUrl, undefined, "desk", "list_accounts", {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.requestId).toBe(anonymous.headers.get("x-request-id"));
    const missing = await fetch(`${service.baseUrl}/nothing-here`);
    expect(((await missing.json()) as any).error.requestId).toBe(missing.headers.get("x-request-id"));

    const mcp = await fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: mcpHeaders(desk.accessToken),
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: { limit: 0 } } }),
    });
    const result = ((await mcp.json()) as any).result;
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error.requestId).toBe(mcp.headers.get("x-request-id"));
  });

  it("the request's log line carries its id", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", { limit: 1 });
    const id = response.headers.get("x-request-id");
    await new Promise((resolve) => setImmediate(resolve));
    const lines = logLines.filter((line) => line.requestId === id);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", status: 200, path: "/api/connectors/v1/desk/tools/list_accounts" }));
  });
});

describe("request ids in the authorization server's security events", () => {
  /** A form POST to an authorization-server endpoint, naming the request with `id`. */
  const postForm = (path: string, id: string, form: Record<string, string>) =>
    fetch(`${service.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-request-id": id },
      body: new URLSearchParams(form),
    });
  /** The lines that name `id`, once the writes of that request have reached the collector. */
  const linesOf = async (id: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return logLines.filter((line) => line.requestId === id);
  };

  it("refresh-token reuse, revocations and failed sign-ins are logged with the request's id", async () => {
    const connection = await service.connect({ workspace: "desk" });
    const clientId = connection.registered.client.client_id;
    const refresh = (id: string) =>
      postForm("/oauth/token", id, { grant_type: "refresh_token", refresh_token: connection.refreshToken, client_id: clientId });

    expect((await refresh("refresh-first")).status).toBe(200);
    const reused = await refresh("refresh-reused");
    expect(reused.status).toBe(400);
    expect(reused.headers.get("x-request-id")).toBe("refresh-reused");
    expect(await linesOf("refresh-reused")).toContainEqual(
      expect.objectContaining({ component: "auth", level: 40, msg: "refresh token reused; grant revoked", clientId }),
    );

    const other = await service.connect({ workspace: "desk" });
    const revokeAccess = await postForm("/oauth/revoke", "revoke-access", { token: other.accessToken, client_id: other.registered.client.client_id });
    expect(revokeAccess.status).toBe(200);
    expect(await linesOf("revoke-access")).toContainEqual(
      expect.objectContaining({ component: "auth", msg: "access token revoked by client", clientId: other.registered.client.client_id }),
    );
    const revokeGrant = await postForm("/oauth/revoke", "revoke-grant", { token: other.refreshToken, client_id: other.registered.client.client_id });
    expect(revokeGrant.status).toBe(200);
    expect(await linesOf("revoke-grant")).toContainEqual(expect.objectContaining({ component: "auth", msg: "grant revoked by client" }));

    // No form token: refused as a failed sign-in; the line names the request, never the email tried.
    const signIn = await postForm("/signin", "signin-failed", { email: "owner@harbor.example", password: "not the password" });
    expect(signIn.status).toBe(403);
    const signInLines = await linesOf("signin-failed");
    expect(signInLines).toContainEqual(
      expect.objectContaining({ component: "auth", level: 40, msg: "sign-in failed", reason: "form token invalid" }),
    );
    expect(JSON.stringify(signInLines)).not.toContain("harbor.example");
  });
});

describe("small things on the request path", () => {
  it("GET on a tool's address is 405 with Allow: POST and says tools take POST; an unknown tool stays 404", async () => {
    const response = await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    const body = (await response.json()) as any;
    expect(body.error).toMatchObject({ code: "method_not_allowed" });
    expect(body.error.message).toMatch(/POST/);
    const unknown = await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/no_such_tool`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe("unknown_tool");
  });

  it("a POST with no body and no Content-Type is the empty object, as docs/decisions.md says", async () => {
    const response = await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_placement_drafts`, {
      method: "POST",
      headers: { authorization: `Bearer ${desk.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).drafts).toEqual(expect.any(Array));
    // A body that is there still has to say it is JSON.
    const typeless = await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_placement_drafts`, {
      method: "POST",
      headers: { authorization: `Bearer ${desk.accessToken}`, "content-length": "2" },
      body: "{}",
    });
    expect(typeless.status).toBe(415);
  });

  it("a range error reads as a person would say it, with the field", async () => {
    const response = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", { limit: 51 });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_input", field: "limit", message: "limit must be at most 50." });
  });
});
