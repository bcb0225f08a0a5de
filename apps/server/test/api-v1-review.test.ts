import { DESK_AGREEMENT } from "@connector/core/desk-agreement";
import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ADAPTERS, openAdapter } from "./support/adapters.js";
import { ApiSession, callWithBearer, createDemoDeskUser } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";

describe.each(TEST_DIALECTS)("reviewing and approving drafts over /api/v1 on %s", (dialect) => {
  let service: TestService;
  let owner: ApiSession;
  let agentToken: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    owner = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
    agentToken = (await service.connect({ workspace: "desk" })).accessToken;
  });
  afterAll(async () => {
    await service?.close();
  });

  async function agentDraft(references: string[]) {
    const rest = await openAdapter("rest", service.baseUrl, "desk", agentToken);
    const saved = await rest.call("create_placement_draft", {
      title: "From the agent",
      idempotencyKey: `draft-${references.join("-")}-0000000`,
      accounts: references.map((reference) => ({ reference, name: "Placed Person", amount: 250.5, currency: "USD" })),
    });
    expect(saved.ok).toBe(true);
    return saved.body.draft.draftId as string;
  }

  it("refuses approval before the agreement, approves after; the live accounts show in list_accounts over REST and MCP", async () => {
    const draftId = await agentDraft(["RV-1", "RV-2"]);
    const refused = await owner.call("POST", `/drafts/${draftId}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("agreement_required");

    const agreement = await owner.call("GET", "/agreement");
    expect(agreement.body).toMatchObject({ agreement: { version: DESK_AGREEMENT.version }, acceptance: null });
    expect(agreement.body.agreement.text).toMatch(/never send messages/);
    const accepted = await owner.call("POST", "/agreement/accept", { version: agreement.body.agreement.version });
    expect(accepted.status).toBe(200);
    expect(accepted.body.acceptance.version).toBe(DESK_AGREEMENT.version);

    const approved = await owner.call("POST", `/drafts/${draftId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ draft: { reviewStatus: "approved" }, alreadyApproved: false });
    expect(approved.body.notice).toMatch(/does not mean sent/);
    const accountIds = approved.body.accounts.map((account: any) => account.accountId);

    for (const adapterName of ADAPTERS) {
      const adapter = await openAdapter(adapterName, service.baseUrl, "desk", agentToken);
      try {
        const found = new Map<string, any>();
        let cursor: string | undefined;
        do {
          const page = await adapter.call("list_accounts", { limit: 50, ...(cursor ? { cursor } : {}) });
          expect(page.ok, adapterName).toBe(true);
          for (const account of page.body.accounts) found.set(account.accountId, account);
          cursor = page.body.nextCursor ?? undefined;
        } while (cursor !== undefined);
        for (const accountId of accountIds) {
          expect(found.get(accountId), adapterName).toMatchObject({ caseStatus: "new", faceAmount: { minorUnits: 25050, currency: "USD" } });
        }
        const status = await adapter.call("get_draft_status", { draftId });
        expect(status.body.draft.reviewStatus, adapterName).toBe("approved");
        const drafts = await adapter.call("list_placement_drafts");
        expect(drafts.body.drafts.find((draft: any) => draft.draftId === draftId).reviewStatus).toBe("approved");
      } finally {
        await adapter.close();
      }
    }

    const again = await owner.call("POST", `/drafts/${draftId}/approve`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyApproved: true, workflowRunIds: [] });
    expect(again.body.accounts.map((account: any) => account.accountId).sort()).toEqual([...accountIds].sort());
    const count = await service.service.database.db
      .selectFrom("accounts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("reference", "in", ["RV-1", "RV-2"])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);

    const detail = await owner.call("GET", `/drafts/${draftId}`);
    expect(detail.body.history.map((entry: any) => [entry.action, entry.via])).toEqual([
      ["created", "connection"],
      ["approved", "session"],
    ]);
    expect(detail.body.accounts).toHaveLength(2);
  });

  it("lets a member mark reviewed but not approve, and a desk key review but never approve", async () => {
    const draftId = await agentDraft(["RV-3"]);
    const member = await ApiSession.signIn(service.baseUrl, await createDemoDeskUser(service, "member"));
    const refused = await member.call("POST", `/drafts/${draftId}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("owner_required");
    const reviewed = await member.call("POST", `/drafts/${draftId}/review`);
    expect(reviewed.body).toMatchObject({ draft: { reviewStatus: "reviewed" }, changed: true });
    expect(reviewed.body.notice).toMatch(/does not mean sent/);
    const key = (await owner.call("POST", "/keys", { name: "reviewer agent" })).body.key;
    const byKey = await callWithBearer(service.baseUrl, key, "POST", `/drafts/${draftId}/approve`);
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe("owner_required");
    const listed = await member.call("GET", "/drafts");
    expect(listed.body.drafts.find((draft: any) => draft.draftId === draftId).reviewStatus).toBe("reviewed");

    const discarded = await owner.call("POST", `/drafts/${draftId}/discard`);
    expect(discarded.body.draft.reviewStatus).toBe("discarded");
    const closed = await owner.call("POST", `/drafts/${draftId}/approve`);
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe("draft_closed");
  });

  it("lets the consumer copy and mark reviewed their own request draft, and nobody else's", async () => {
    const token = (await service.connect({ workspace: "resolve" })).accessToken;
    const rest = await openAdapter("rest", service.baseUrl, "resolve", token);
    const saved = await rest.call("create_consumer_request_draft", {
      kind: "documents",
      recipient: "Harbor Recovery Partners",
      reference: "HRP-000123",
      channel: "written",
      idempotencyKey: "consumer-copy-test-0001",
    });
    const draftId = saved.body.draft.draftId;
    const consumer = await ApiSession.signIn(service.baseUrl, DEMO_USERS.consumer);
    const copy = await consumer.call("POST", `/drafts/${draftId}/copy`);
    expect(copy.status).toBe(200);
    expect(copy.body.text).toContain("To: Harbor Recovery Partners");
    expect(copy.body.text).toContain("HRP-000123");
    expect(copy.body.notice).toMatch(/has not sent it/);
    expect((await consumer.call("POST", `/drafts/${draftId}/review`)).body.draft.reviewStatus).toBe("reviewed");
    const status = await rest.call("get_draft_status", { draftId });
    expect(status.body.draft.reviewStatus).toBe("reviewed");
    expect(status.body.notice).toMatch(/does not mean sent/);
    // The Desk cannot see or act on the consumer's draft.
    expect((await owner.call("POST", `/drafts/${draftId}/review`)).status).toBe(404);
  });
});
