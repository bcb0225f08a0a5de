import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, openAdapter } from "./support/adapters.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/**
 * What the developer guide promises an integrator, held over REST and MCP alike (issue 25):
 * a token of the other workspace is told apart from an expired one; a draft id handed to a
 * connection is one it can read; the same outcome carries the same rate-limit headers; one amount rule.
 */
describe.each(TEST_DIALECTS)("the integrator's contract on %s", (dialect) => {
  let service: TestService;
  let desk: Awaited<ReturnType<TestService["connect"]>>;
  let resolve: Awaited<ReturnType<TestService["connect"]>>;
  beforeAll(async () => {
    service = await startTestService(dialect);
    desk = await service.connect({ workspace: "desk" });
    resolve = await service.connect({ workspace: "resolve" });
  });
  afterAll(async () => {
    await service?.close();
  });

  /** One JSON-RPC POST to an MCP server, as any Streamable HTTP client sends it. */
  const postMcp = (workspace: string, token: string, body: unknown) =>
    fetch(`${service.baseUrl}/mcp/${workspace}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
  const toolCall = (name: string, args: Record<string, unknown> = {}) => ({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  });

  describe("a token of the other workspace (point 1)", () => {
    it("is 401 wrong_workspace over REST and MCP, with an error_description an expired token does not have", async () => {
      const challenge = (answer: Response) => answer.headers.get("www-authenticate") ?? "";
      const rest = await callRest(service.baseUrl, resolve.accessToken, "desk", "list_accounts", { limit: 1 });
      const mcp = await postMcp("desk", resolve.accessToken, toolCall("list_accounts", { limit: 1 }));
      const expired = await postMcp("desk", "at_expired-or-never-issued", toolCall("list_accounts", { limit: 1 }));

      expect(rest.status).toBe(401);
      expect(rest.body.error.code).toBe("wrong_workspace");
      expect(mcp.status).toBe(401);
      expect(((await mcp.json()) as any).error.code).toBe("wrong_workspace");
      // RFC 6750 and the MCP authorization rules: a token not issued for this resource is invalid_token, 401.
      for (const wrong of [rest.headers.get("www-authenticate") ?? "", challenge(mcp)]) {
        expect(wrong).toContain('error="invalid_token"');
        expect(wrong).toContain('error_description="This access token is for the resolve workspace, not desk; refreshing it cannot help.');
      }
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as any).error.code).toBe("invalid_token");
      expect(challenge(expired)).toContain('error_description="The access token is expired, revoked or unknown. Refresh it or connect again."');
    });
  });

  describe("a replayed draft is one the connection can read (point 2)", () => {
    const placement = (key: string) => ({
      title: "Replay across connections",
      accounts: [{ reference: "RPL-1", name: "Robin Lee", amount: 99.5 }],
      idempotencyKey: key,
    });
    const request = (key: string) => ({ kind: "documents", recipient: "Harbor Recovery Partners", idempotencyKey: key });

    for (const adapterName of ADAPTERS) {
      it(`over ${adapterName}: the saving connection gets its draft back and reads it; the person's other connection gets 409, not an id it cannot read`, async () => {
        const cases = [
          { workspace: "desk" as const, first: desk, tool: "create_placement_draft", list: "list_placement_drafts", args: placement, listed: "drafts" },
          { workspace: "resolve" as const, first: resolve, tool: "create_consumer_request_draft", list: "list_consumer_requests", args: request, listed: "requests" },
        ];
        for (const { workspace, first, tool, list, args, listed } of cases) {
          const second = await service.connect({ workspace });
          const key = `replay-${adapterName}-${workspace}-0001`;
          const mine = await openAdapter(adapterName, service.baseUrl, workspace, first.accessToken);
          const other = await openAdapter(adapterName, service.baseUrl, workspace, second.accessToken);
          try {
            const saved = await mine.call(tool, args(key));
            expect(saved.ok, JSON.stringify(saved.body)).toBe(true);
            const draftId = saved.body.draft.draftId;
            // The identical retry on the saving connection: the same draft, readable there.
            expect((await mine.call(tool, args(key))).body.draft.draftId).toBe(draftId);
            expect((await mine.call("get_draft_status", { draftId })).body.draft.draftId).toBe(draftId);
            expect((await mine.call(list)).body[listed].map((item: any) => item.draftId)).toContain(draftId);

            // The same person's other connection, same key and content: refused, nothing handed over or saved.
            const replay = await other.call(tool, args(key));
            expect(replay.ok).toBe(false);
            expect(replay.body.error).toMatchObject({ code: "idempotency_conflict", field: "idempotencyKey" });
            expect(JSON.stringify(replay.body)).not.toContain(draftId);
            expect((await other.call(list)).body[listed]).toEqual([]);
            expect((await other.call("get_draft_status", { draftId })).body.error.code).toBe("not_found");
          } finally {
            await mine.close();
            await other.close();
          }
        }
      });
    }
  });

  describe("rate-limit headers (point 5)", () => {
    const hasRateLimit = (headers: Headers) =>
      headers.get("ratelimit-policy") === '"per-grant";q=120;w=60' && /^"per-grant";r=\d+;t=\d+$/.test(headers.get("ratelimit") ?? "");

    it("the same outcome carries them over REST and MCP: unknown tool, missing scope, invalid input, not found, conflict", async () => {
      const readOnly = await service.connect({ workspace: "desk", scopes: ["desk:read"] });
      const draft = { title: "Headers", accounts: [{ reference: "H-1", name: "N", amount: 1 }], idempotencyKey: "headers-check-00001" };
      await callRest(service.baseUrl, desk.accessToken, "desk", "create_placement_draft", draft);
      const outcomes: Array<{ name: string; token: string; tool: string; args: Record<string, unknown>; rest: number }> = [
        { name: "unknown tool", token: desk.accessToken, tool: "delete_everything", args: {}, rest: 404 },
        { name: "missing scope", token: readOnly.accessToken, tool: "create_placement_draft", args: draft, rest: 403 },
        { name: "invalid input", token: desk.accessToken, tool: "list_accounts", args: { limit: 51 }, rest: 400 },
        { name: "not found", token: desk.accessToken, tool: "get_case_status", args: { accountId: "0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21" }, rest: 404 },
        { name: "conflict", token: desk.accessToken, tool: "create_placement_draft", args: { ...draft, title: "Other" }, rest: 409 },
      ];
      for (const outcome of outcomes) {
        const rest = await callRest(service.baseUrl, outcome.token, "desk", outcome.tool, outcome.args);
        const mcp = await postMcp("desk", outcome.token, toolCall(outcome.tool, outcome.args));
        expect(rest.status, outcome.name).toBe(outcome.rest);
        expect(hasRateLimit(rest.headers), `REST ${outcome.name}`).toBe(true);
        expect(hasRateLimit(mcp.headers), `MCP ${outcome.name}`).toBe(true);
      }
    });

    it("a 401 carries none, over either", async () => {
      const rest = await callRest(service.baseUrl, "at_unknown", "desk", "list_accounts", {});
      const mcp = await postMcp("desk", "at_unknown", toolCall("list_accounts"));
      expect([rest.status, mcp.status]).toEqual([401, 401]);
      expect(rest.headers.get("ratelimit")).toBeNull();
      expect(mcp.headers.get("ratelimit")).toBeNull();
    });
  });

  describe("one amount rule (point 7)", () => {
    const accounts = (amount: number, currency?: string) => [{ reference: "AMT-1", name: "Robin Lee", amount, ...(currency === undefined ? {} : { currency }) }];

    for (const adapterName of ADAPTERS) {
      it(`over ${adapterName}: a placement draft refuses more decimals than the currency has, as /api/v1 does`, async () => {
        const adapter = await openAdapter(adapterName, service.baseUrl, "desk", desk.accessToken);
        try {
          const save = (key: string, amount: number, currency?: string) =>
            adapter.call("create_placement_draft", { title: "Amounts", accounts: accounts(amount, currency), idempotencyKey: `${key}-${adapterName}-00000001` });
          const usd = await save("usd-three-places", 1.005);
          expect(usd.ok).toBe(false);
          expect(usd.body.error).toMatchObject({ code: "invalid_input", field: "accounts.0.amount" });
          expect(usd.body.error.message).toBe("accounts.0.amount must have at most 2 decimal places for USD.");
          const yen = await save("jpy-fraction", 1.5, "JPY");
          expect(yen.body.error).toMatchObject({ code: "invalid_input", field: "accounts.0.amount" });
          expect(yen.body.error.message).toBe("accounts.0.amount must be a whole number for JPY.");
          expect((await save("usd-cents", 1250.55)).ok).toBe(true);
          expect((await save("kwd-three-places", 12.345, "KWD")).ok).toBe(true);
        } finally {
          await adapter.close();
        }
      });
    }
  });
});
