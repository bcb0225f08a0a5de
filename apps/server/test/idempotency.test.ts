import { TEST_DIALECTS } from "@connector/store/testing";
import { refreshTokens } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, openAdapter } from "./support/adapters.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

const draft = (key: string, title = "Quarterly placement") => ({
  title,
  accounts: [{ reference: "Q-1", name: "Robin Lee", amount: 250.5 }],
  idempotencyKey: key,
});

describe.each(TEST_DIALECTS)("idempotent drafts on %s (spec §7 rules 1–3)", (dialect) => {
  let service: TestService;
  let connection: Awaited<ReturnType<TestService["connect"]>>;
  beforeAll(async () => {
    service = await startTestService(dialect);
    connection = await service.connect({ workspace: "desk" });
  });
  afterAll(async () => {
    await service?.close();
  });

  const create = (args: unknown, token = connection.accessToken) =>
    callRest(service.baseUrl, token, "desk", "create_placement_draft", args);
  const listDrafts = async () =>
    (await callRest(service.baseUrl, connection.accessToken, "desk", "list_placement_drafts", {})).body.drafts;

  it("an identical retry returns the same draft and the same result, over REST and MCP alike", async () => {
    const first = await create(draft("retry-identical-0001"));
    const again = await create({ ...draft("retry-identical-0001"), accounts: [{ amount: 250.5, name: "Robin Lee", reference: "Q-1", currency: "USD" }] });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    for (const adapterName of ADAPTERS) {
      const adapter = await openAdapter(adapterName, service.baseUrl, "desk", connection.accessToken);
      const viaAdapter = await adapter.call("create_placement_draft", draft("retry-identical-0001"));
      await adapter.close();
      expect(viaAdapter.body).toEqual(first.body);
    }
    const drafts = await listDrafts();
    expect(drafts.filter((item: any) => item.draftId === first.body.draft.draftId)).toHaveLength(1);
  });

  it("the same key with changed content is 409 idempotency_conflict and saves nothing", async () => {
    await create(draft("retry-changed-00001"));
    const before = (await listDrafts()).length;
    const changed = await create(draft("retry-changed-00001", "A different title"));
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({ code: "idempotency_conflict", field: "idempotencyKey" });
    expect(await listDrafts()).toHaveLength(before);
  });

  it("20 concurrent identical calls leave exactly one draft", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(draft("concurrent-key-0001"))));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((response) => response.body.draft.draftId));
    expect(ids.size).toBe(1);
    const drafts = await listDrafts();
    expect(drafts.filter((item: any) => item.title === "Quarterly placement" && ids.has(item.draftId))).toHaveLength(1);
  });

  it("a retry after a token refresh on the same grant is still a retry", async () => {
    const first = await create(draft("after-refresh-00001"));
    const refreshed = await refreshTokens(connection.registered, connection.refreshToken);
    connection = { ...connection, accessToken: refreshed.access_token, refreshToken: refreshed.refresh_token! };
    const again = await create(draft("after-refresh-00001"), refreshed.access_token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("a key is the person's: another person using the same key gets their own draft", async () => {
    const resolve = await service.connect({ workspace: "resolve" });
    const request = { kind: "documents", recipient: "Harbor Recovery Partners", idempotencyKey: "shared-key-000000001" };
    const consumerDraft = await callRest(service.baseUrl, resolve.accessToken, "resolve", "create_consumer_request_draft", request);
    const deskDraft = await create(draft("shared-key-000000001"));
    expect(consumerDraft.status).toBe(200);
    expect(deskDraft.status).toBe(200);
    expect(deskDraft.body.draft.draftId).not.toBe(consumerDraft.body.draft.draftId);
  });
});
