import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { newId } from "@connector/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, type Adapter, openAdapter } from "./support/adapters.js";
import { createOtherConsumerUser, createOtherDeskUser } from "./support/extra-users.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { withoutRequestId } from "./support/tool-callers.js";

let service: TestService;

/** Gives an account the demo consumer is not verified for an active, unexpired approved offer. */
async function offerOnUnverifiedAccount(reference: string): Promise<string> {
  const { db } = service.service.database;
  const account = await db.selectFrom("accounts").select("id").where("reference", "=", reference).executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto("approved_offers")
    .values({
      id: newId(),
      account_id: account.id,
      terms: "Pay $100.00 once.",
      status: "active",
      approved_at: new Date(now - 86_400_000).toISOString(),
      expires_at: new Date(now + 30 * 86_400_000).toISOString(),
    })
    .execute();
  return reference;
}
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
});
afterAll(async () => {
  await service?.close();
});

describe.each(ADAPTERS)("cross-tenant isolation over %s", (adapterName) => {
  let harbor: Adapter;
  let northwind: Adapter;
  let consumer: Adapter;
  let otherConsumer: Adapter;

  beforeAll(async () => {
    const open = async (workspace: "desk" | "resolve", user?: { email: string; password: string }) =>
      openAdapter(adapterName, service.baseUrl, workspace, (await service.connect({ workspace, user })).accessToken);
    harbor = await open("desk");
    northwind = await open("desk", await createOtherDeskUser(service));
    consumer = await open("resolve");
    otherConsumer = await open("resolve", await createOtherConsumerUser(service));
  });
  afterAll(async () => {
    for (const adapter of [harbor, northwind, consumer, otherConsumer]) await adapter?.close();
  });

  it("a Desk never sees another Desk's accounts or payment records", async () => {
    const harborAccounts = (await harbor.call("list_accounts", { limit: 50 })).body.accounts;
    const northwindAccounts = (await northwind.call("list_accounts", { limit: 50 })).body.accounts;
    expect(northwindAccounts).toHaveLength(20);
    expect(northwindAccounts.every((account: any) => account.reference.startsWith("NCL-"))).toBe(true);

    const foreign = harborAccounts[0].accountId;
    for (const tool of ["get_case_status", "list_payment_records"]) {
      const answer = await northwind.call(tool, { accountId: foreign });
      expect(answer.ok).toBe(false);
      expect(answer.body.error.code).toBe("not_found");
    }
  });

  it("a Desk never sees another Desk's drafts", async () => {
    const saved = await harbor.call("create_placement_draft", {
      title: "Harbor only",
      accounts: [{ reference: "H-1", name: "Kim", amount: 12 }],
      idempotencyKey: `harbor-only-${adapterName}-01`,
    });
    const draftId = saved.body.draft.draftId;
    expect((await northwind.call("list_placement_drafts")).body.drafts.map((draft: any) => draft.draftId)).not.toContain(draftId);
    expect((await northwind.call("get_draft_status", { draftId })).body.error.code).toBe("not_found");
  });

  it("a consumer never sees another consumer's drafts", async () => {
    const saved = await consumer.call("create_consumer_request_draft", {
      kind: "contact_preference",
      recipient: "Harbor Recovery Partners",
      channel: "mail",
      idempotencyKey: `mine-only-${adapterName}-0001`,
    });
    const draftId = saved.body.draft.draftId;
    expect((await otherConsumer.call("list_consumer_requests")).body.requests).toEqual([]);
    expect((await otherConsumer.call("get_draft_status", { draftId })).body.error.code).toBe("not_found");
  });

  it("a consumer never reads offers of accounts they are not verified for", async () => {
    expect((await consumer.call("relay_approved_offer", { reference: "HRP-000123" })).ok).toBe(true);
    const answer = await otherConsumer.call("relay_approved_offer", { reference: "HRP-000123" });
    expect(answer.ok).toBe(false);
    expect(answer.body.error.code).toBe("not_found");
    // An account with an active approved offer that this consumer is not verified for: the same answer.
    const unverified = await offerOnUnverifiedAccount(`HRP-00000${adapterName === "rest" ? 1 : 2}`);
    const unverifiedAnswer = await consumer.call("relay_approved_offer", { reference: unverified });
    expect(withoutRequestId(unverifiedAnswer.body)).toEqual(withoutRequestId(answer.body));
  });
});
