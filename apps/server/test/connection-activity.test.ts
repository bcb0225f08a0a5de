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
});
