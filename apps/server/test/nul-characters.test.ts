import { holdsControlCharacter } from "@connector/core/guard";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, hiddenFields } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { modernRequest } from "./support/modern-mcp-client.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { saveForm } from "./support/place-screen.js";
import { callMcp, callRest, connectMcp } from "./support/tool-callers.js";

const NUL = "\u0000";

/**
 * A NUL character (U+0000) in any text is `400 invalid_input` naming the field, at every door and on
 * both databases: PostgreSQL cannot store it (it answered 500 with a stack in the log), SQLite stored it.
 */
describe.each(TEST_DIALECTS)("U+0000 in stored text is refused, naming the field, on %s", (dialect) => {
  let service: TestService;
  let owner: ApiSession;
  let deskToken: string;
  let key: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await owner.call("POST", "/keys", { name: "nul probe" })).body.key;
    deskToken = (await service.connect({ workspace: "desk" })).accessToken;
  });
  afterAll(async () => {
    await service?.close();
  });

  const expectRefused = (answer: { status: number; body: any }, field: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "invalid_input", field });
    expect(answer.body.error.message).toContain("NUL");
  };

  it("in /api/v1 bodies: placements (JSON and CSV), keys, invites, escalations, phone sources", async () => {
    expectRefused(await owner.call("POST", "/placements", { accounts: [{ reference: "N-1", name: `Ada${NUL}`, amount: 1 }] }), "accounts.0.name");
    expectRefused(await callWithBearer(service.baseUrl, key, "POST", "/placements", `reference,name,amount\nN-2,Bo${NUL},1`, { csv: true }), "rows.0.name");
    expectRefused(await owner.call("POST", "/keys", { name: `key${NUL}` }), "name");
    expectRefused(await owner.call("POST", "/agency/invites", { label: `label${NUL}` }), "label");
    expectRefused(await owner.call("POST", "/escalations", { reason: "complaint", context: `paid${NUL}` }), "context");
    expectRefused(await owner.call("POST", "/phones/import", { source: `vendor${NUL}`, phones: [{ reference: "HRP-000001", phone: "4155552671" }] }), "source");
    const stored = await service.service.database.db.selectFrom("accounts").select("id").where("reference", "in", ["N-1", "N-2"]).execute();
    expect(stored).toEqual([]);
  });

  it("in connector tool arguments (REST and MCP) and in a query string", async () => {
    const draft = await callRest(service.baseUrl, deskToken, "desk", "create_placement_draft", {
      title: `Spring${NUL}`,
      accounts: [{ reference: "N-3", name: "Cy", amount: 1 }],
      idempotencyKey: "nul-probe-000000001",
    });
    expectRefused(draft, "title");
    // Over MCP, both revisions: the isError tool result every other invalid argument gets, naming the argument.
    const draftArguments = (n: number) => ({ title: `Spring${NUL}`, accounts: [{ reference: `N-${n}`, name: "Cy", amount: 1 }], idempotencyKey: `nul-probe-00000000${n}` });
    const legacy = await callMcp(await connectMcp(service.baseUrl, "desk", deskToken), "create_placement_draft", draftArguments(5));
    expect(legacy.isError).toBe(true);
    expect(legacy.body.error).toMatchObject({ code: "invalid_input", field: "title", message: expect.stringContaining("NUL") });
    const modern = await modernRequest(`${service.baseUrl}/mcp/desk`, deskToken, {
      method: "tools/call",
      params: { name: "create_placement_draft", arguments: draftArguments(6) },
    });
    expect(modern.status).toBe(200);
    expect(modern.body.result.isError).toBe(true);
    expect(JSON.parse(modern.body.result.content[0].text).error).toMatchObject({ code: "invalid_input", field: "title" });
    // Outside the arguments the body reader still refuses it, before any tool runs.
    const named = await fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { authorization: `Bearer ${deskToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: `list_accounts${NUL}`, arguments: {}, _meta: { note: NUL } } }),
    });
    expect(named.status).toBe(400);
    expect(((await named.json()) as any).error).toMatchObject({ code: "invalid_input", field: "params.name" });
    expectRefused(await owner.call("GET", `/placements?cursor=${encodeURIComponent(NUL)}`), "cursor");
    const stored = await service.service.database.db.selectFrom("accounts").select("id").where("reference", "in", ["N-3", "N-5", "N-6"]).execute();
    expect(stored).toEqual([]);
  });

  it("in the people's forms: the place screen's preview", async () => {
    const page = new BrowserSession(service.baseUrl);
    await page.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const html = await (await page.request("/desk/place")).text();
    const token = /action="\/desk\/place\/preview"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const answer = await page.postForm("/desk/place/preview", { csrf_token: token, reference: "N-4", name: `Dee${NUL}`, amount: "1" });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("name contains a NUL character");
  });

  it("in the place screen's save form (the rows it carries back as JSON), and no stored reference or name holds a control character", async () => {
    const page = new BrowserSession(service.baseUrl);
    await page.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const save = await saveForm(page, "N-7");
    // Issue 37: `"S\u0000"` in the JSON is a NUL once parsed: stored on SQLite, a 500 page on PostgreSQL.
    for (const row of [{ reference: "S\u0000", name: "Dee" }, { reference: "S-8", name: "Dee\u0001" }, { reference: "S-9\n", name: "Dee", creditor: "C\u007f" }]) {
      const answer = await page.postForm("/desk/place/save", { ...save, rows: JSON.stringify([{ ...row, amount: 1 }]) });
      expect(answer.status, JSON.stringify(row)).toBe(400);
      expect(await answer.text()).toContain("control character");
    }
    const db = service.service.database.db;
    const texts = [
      ...(await db.selectFrom("accounts").select(["reference", "debtor_name", "internal_note", "creditor"]).execute()).flatMap((row) => [
        row.reference,
        row.debtor_name,
        row.internal_note,
        row.creditor,
      ]),
    ].filter((text): text is string => typeof text === "string");
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter(holdsControlCharacter)).toEqual([]);
  });

  it("at sign-in, registration and the token endpoint, in each one's own error form", async () => {
    const signIn = new BrowserSession(service.baseUrl);
    const fields = hiddenFields(await (await signIn.request("/signin")).text());
    const refused = await signIn.postForm("/signin", { ...fields, email: `${DEMO_USERS.deskOwner.email}${NUL}`, password: "x" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "invalid_input", field: "email" });

    const register = (metadata: Record<string, unknown>) =>
      fetch(`${service.baseUrl}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(metadata) });
    for (const metadata of [
      { client_name: `Agent${NUL}`, redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" },
      { client_name: "Agent", redirect_uris: [`http://127.0.0.1:9/cb${NUL}`], token_endpoint_auth_method: "none" },
    ]) {
      const answer = await register(metadata);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toBe("invalid_client_metadata");
    }

    const token = await fetch(`${service.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", client_id: `client${NUL}`, code: "x", code_verifier: "x".repeat(43), redirect_uri: "http://127.0.0.1:9/cb" }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("client_id") });
  });
});
