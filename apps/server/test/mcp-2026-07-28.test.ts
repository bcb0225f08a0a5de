import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modernRequest, requestWithFallback } from "./support/modern-mcp-client.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { connectMcp, connectMcpModern } from "./support/tool-callers.js";

/**
 * The stateless revision (MCP 2026-07-28) on the same endpoints as the handshake revisions: a
 * client sends each request with `_meta` and the standard headers, and no initialize or session.
 * The MCP SDK v2 serves it; these tests hold the service to what a client of either SDK line relies on.
 */
describe.each(TEST_DIALECTS)("MCP 2026-07-28 on /mcp/{workspace} on %s", (dialect) => {
  let service: TestService;
  let desk: { accessToken: string };
  let deskReadOnly: { accessToken: string };
  let url: string;

  beforeAll(async () => {
    service = await startTestService(dialect);
    desk = await service.connect({ workspace: "desk" });
    deskReadOnly = await service.connect({ workspace: "desk", scopes: ["desk:read"] });
    url = `${service.baseUrl}/mcp/desk`;
  });
  afterAll(async () => {
    await service?.close();
  });

  it("answers server/discover with the version, capabilities, identity and cache hints, and no session", async () => {
    const reply = await modernRequest(url, desk.accessToken, { method: "server/discover" });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("mcp-session-id")).toBeNull();
    expect(reply.body).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: {
        resultType: "complete",
        capabilities: { tools: {} },
        ttlMs: 300_000,
        cacheScope: "private",
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "connector" } },
      },
    });
    // The stateless revisions; the handshake ones are offered in answer to `initialize`, as before.
    expect(reply.body.result.supportedVersions).toContain("2026-07-28");
    expect(reply.body.result.instructions).toContain("get_connector_capabilities");
    // One contract version on every door: the OpenAPI description's, and each MCP revision's.
    const openApi = (await (await fetch(`${service.baseUrl}/api/connectors/v1/openapi.json`)).json()) as any;
    expect(reply.body.result._meta["io.modelcontextprotocol/serverInfo"].version).toBe(openApi.info.version);
    const legacy = await connectMcp(service.baseUrl, "desk", desk.accessToken);
    expect(legacy.getServerVersion()?.version).toBe(openApi.info.version);
    await legacy.close();
    const modern = await connectMcpModern(service.baseUrl, "desk", desk.accessToken);
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(modern.getServerVersion()?.version).toBe(openApi.info.version);
    await modern.close();
  });

  it("lists the same tools as a handshake client sees, as a cacheable complete result", async () => {
    const legacy = await connectMcp(service.baseUrl, "desk", desk.accessToken);
    const { tools } = await legacy.listTools();
    await legacy.close();
    const reply = await modernRequest(url, desk.accessToken, { method: "tools/list" });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toMatchObject({ resultType: "complete", ttlMs: 300_000, cacheScope: "private" });
    expect(reply.body.result.tools).toEqual(tools);
  });

  it("answers tools/call exactly as the handshake revision does, inside the new envelope", async () => {
    const legacy = await connectMcp(service.baseUrl, "desk", desk.accessToken);
    const args = { limit: 2 };
    const before = await legacy.callTool({ name: "list_accounts", arguments: args });
    const modern = await connectMcpModern(service.baseUrl, "desk", desk.accessToken);
    const { _meta: _sdkMeta, resultType: _sdkType, ...fromSdkClient } = (await modern.callTool({ name: "list_accounts", arguments: args })) as any;
    await modern.close();
    expect(fromSdkClient).toEqual(before);
    const reply = await modernRequest(url, desk.accessToken, {
      method: "tools/call",
      id: "call-1",
      params: { name: "list_accounts", arguments: args },
    });
    await legacy.close();
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe("call-1");
    const { resultType, _meta, ...result } = reply.body.result;
    expect(resultType).toBe("complete");
    expect(_meta["io.modelcontextprotocol/serverInfo"].name).toBe("connector");
    expect(result).toEqual(before);
  });

  it("reports invalid input as an isError result, and a missing scope as the 403 challenge", async () => {
    const invalid = await modernRequest(url, desk.accessToken, {
      method: "tools/call",
      params: { name: "list_accounts", arguments: { limit: 51 } },
    });
    expect(invalid.status).toBe(200);
    expect(invalid.body.result.isError).toBe(true);
    expect(JSON.parse(invalid.body.result.content[0].text).error).toMatchObject({ code: "invalid_input", field: "limit" });

    const draft = { title: "x", accounts: [{ reference: "R-1", name: "A", amount: 1 }], idempotencyKey: "modern-scope-check-01" };
    const refused = await modernRequest(url, deskReadOnly.accessToken, {
      method: "tools/call",
      params: { name: "create_placement_draft", arguments: draft },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  it("refuses headers that disagree with the body, or are missing, with HeaderMismatch (400, -32020)", async () => {
    const call = { method: "tools/call", params: { name: "list_accounts", arguments: {} } };
    const cases: Array<Record<string, string | undefined>> = [
      { "mcp-name": "list_payment_records" },
      { "mcp-name": undefined },
      { "mcp-method": "tools/list" },
      { "mcp-method": undefined },
      { "mcp-protocol-version": "2025-11-25" },
      { "mcp-protocol-version": undefined },
      { "mcp-name": "=?base64?not base64?=" },
    ];
    for (const headers of cases) {
      const reply = await modernRequest(url, desk.accessToken, { ...call, headers });
      expect(reply.status, JSON.stringify(headers)).toBe(400);
      expect(reply.body.error.code, JSON.stringify(headers)).toBe(-32020);
      expect(reply.body.id).toBe(1);
    }
  });

  it("accepts an Mcp-Name in the Base64 sentinel form once decoded", async () => {
    const encoded = `=?base64?${Buffer.from("list_accounts").toString("base64")}?=`;
    const reply = await modernRequest(url, desk.accessToken, {
      method: "tools/call",
      params: { name: "list_accounts", arguments: { limit: 1 } },
      headers: { "mcp-name": encoded },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.result.isError).toBeUndefined();
  });

  it("refuses a request without the required _meta fields (400, -32602)", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${desk.accessToken}`,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/list",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: 7, error: { code: -32602 } });
  });

  it("answers a notification 202 only when its version is spoken and its headers agree with it", async () => {
    const notify = (version: string, headers: Record<string, string | undefined> = {}) => {
      const sent: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${desk.accessToken}`,
        "mcp-protocol-version": version,
        "mcp-method": "notifications/cancelled",
      };
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) delete sent[name];
        else sent[name] = value;
      }
      return fetch(url, {
        method: "POST",
        headers: sent,
        body: JSON.stringify({
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId: 1, _meta: { "io.modelcontextprotocol/protocolVersion": version } },
        }),
      });
    };
    const accepted = await notify("2026-07-28");
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe("");
    for (const [version, headers, code] of [
      ["2027-03-01", {}, -32022],
      ["2026-07-28", { "mcp-method": "tools/call" }, -32020],
      ["2026-07-28", { "mcp-protocol-version": "2099-01-01" }, -32020],
    ] as const) {
      const refused = await notify(version, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(400);
      expect(((await refused.json()) as any).error.code, JSON.stringify(headers)).toBe(code);
    }
  });

  it("answers an unknown method with 404 and -32601", async () => {
    // resources/list is served since the MCP Apps cards (issue 41); prompts are not.
    const reply = await modernRequest(url, desk.accessToken, { method: "prompts/list" });
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe(-32601);
  });

  it("refuses a version it does not speak with UnsupportedProtocolVersionError, and the client falls back", async () => {
    const replies = await requestWithFallback(url, desk.accessToken, { method: "tools/list" }, ["2027-03-01", "2026-07-28"]);
    expect(replies).toHaveLength(2);
    const [refusal, retry] = replies;
    expect(refusal!.status).toBe(400);
    expect(refusal!.body.error).toMatchObject({
      code: -32022,
      message: expect.stringContaining("Unsupported protocol version"),
      data: { requested: "2027-03-01", supported: expect.arrayContaining(["2026-07-28"]) },
    });
    expect(retry!.status).toBe(200);
    expect(retry!.body.result.tools.length).toBeGreaterThan(0);
  });

  it("challenges an unauthenticated modern request like any other (401 with the resource metadata)", async () => {
    const reply = await modernRequest(url, undefined, { method: "server/discover" });
    expect(reply.status).toBe(401);
    expect(reply.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("still answers initialize asking for 2026-07-28 with a handshake version, for legacy clients", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${desk.accessToken}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2026-07-28", capabilities: {}, clientInfo: { name: "old", version: "1" } },
      }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).result.protocolVersion).toBe("2025-11-25");
  });
});
