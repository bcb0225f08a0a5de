import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { listUserConnections, revokeUserGrant } from "@connector/auth";
import { createAuthStores } from "@connector/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";
import { callMcp, callRest, connectMcp } from "./support/tool-callers.js";

/** Issue 12: every connector call, REST or MCP, lands in its connection's trail: tool, when, result, never arguments. */
describe("a connection's activity trail", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("records REST and MCP calls with their results, newest first, and nothing of the arguments", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const authStores = createAuthStores(service.service.database);
    expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 2 })).status).toBe(200);
    const mcp = await connectMcp(service.baseUrl, "desk", accessToken);
    const secretish = "00000000-0000-4000-8000-000000000001";
    expect((await callMcp(mcp, "get_case_status", { accountId: secretish })).body.error.code).toBe("not_found");
    await mcp.close();

    const [owner] = await Promise.all([authStores.users.findByEmail("owner@harbor.example")]);
    const connections = await listUserConnections({ stores: authStores, activity: service.service.connectionActivity }, owner!.userId);
    const connection = connections.find((candidate) => candidate.activity.length > 0)!;
    expect(connection.activity.map(({ tool, result }) => ({ tool, result }))).toEqual([
      { tool: "get_case_status", result: "not_found" },
      { tool: "list_accounts", result: "ok" },
    ]);
    expect(JSON.stringify(connection.activity)).not.toContain(secretish);

    // Revoked by its person: the next call on either adapter is 401.
    const revoked = await revokeUserGrant({ stores: authStores, revocations: service.service.revocations }, owner!.userId, connection.grantId);
    expect(revoked).toBe(true);
    expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 2 })).status).toBe(401);
  });

  it("records a read-only connection's refused write, on REST and on MCP, as a refusal (issue 48 item 15)", async () => {
    const consumer = await service.connect({ workspace: "resolve", scopes: ["resolve:read"] });
    const authStores = createAuthStores(service.service.database);
    const draft = { kind: "documents", recipient: "Harbor Recovery Partners", channel: "mail", idempotencyKey: "read-only-refused-0001" };
    const refused = await callRest(service.baseUrl, consumer.accessToken, "resolve", "create_consumer_request_draft", draft);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_scope");
    const mcp = await connectMcp(service.baseUrl, "resolve", consumer.accessToken);
    await expect(callMcp(mcp, "create_consumer_request_draft", draft)).rejects.toThrow();
    await mcp.close().catch(() => {});
    expect((await callRest(service.baseUrl, consumer.accessToken, "resolve", "get_resolve_guide", {})).status).toBe(200);

    const person = await authStores.users.findByEmail("consumer@resolve.example");
    const connections = await listUserConnections({ stores: authStores, activity: service.service.connectionActivity }, person!.userId);
    const readOnly = connections.find((candidate) => candidate.scopes.length === 1 && candidate.scopes[0] === "resolve:read")!;
    expect(readOnly.activity.map(({ tool, result }) => ({ tool, result }))).toEqual([
      { tool: "get_resolve_guide", result: "ok" },
      { tool: "create_consumer_request_draft", result: "insufficient_scope" },
      { tool: "create_consumer_request_draft", result: "insufficient_scope" },
    ]);
  });
});
