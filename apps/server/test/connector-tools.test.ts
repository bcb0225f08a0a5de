import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { buildToolCatalogue, UNAVAILABLE_ACTIONS } from "@connector/core";
import { DEMO_ACTIVE_OFFER_TERMS } from "@connector/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, type Adapter, openAdapter } from "./support/adapters.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { withoutRequestId } from "./support/tool-callers.js";

const catalogue = buildToolCatalogue();
const UNKNOWN_ID = "0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21";

/** Parses a result with the tool's strict output schema: an unlisted field (a leak) fails. */
function expectShape(workspace: "desk" | "resolve", tool: string, body: unknown) {
  return catalogue.find(workspace, tool)!.outputSchema.parse(body) as any;
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
});
afterAll(async () => {
  await service?.close();
});

describe.each(ADAPTERS)("Desk tools over %s", (adapterName) => {
  let desk: Adapter;
  beforeAll(async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    desk = await openAdapter(adapterName, service.baseUrl, "desk", accessToken);
  });
  afterAll(async () => desk?.close());

  it("get_connector_capabilities reports workspace, scopes, callable tools, review steps and the never-list", async () => {
    const { ok, body } = await desk.call("get_connector_capabilities");
    expect(ok).toBe(true);
    const capabilities = expectShape("desk", "get_connector_capabilities", body);
    expect(capabilities.workspace).toBe("desk");
    expect(capabilities.grantedScopes.sort()).toEqual(["desk:drafts", "desk:read"]);
    expect(capabilities.tools.map((tool: any) => tool.name).sort()).toEqual(
      catalogue.forWorkspace("desk").map((tool) => tool.name).sort(),
    );
    expect(capabilities.reviewSteps.length).toBeGreaterThan(0);
    expect(capabilities.unavailableActions.map((item: any) => item.action)).toEqual(
      UNAVAILABLE_ACTIONS.map((item) => item.action),
    );
  });

  it("list_accounts pages through every account of the desk exactly once, 20 by default", async () => {
    const first = await desk.call("list_accounts", {});
    expect(first.ok).toBe(true);
    expect(expectShape("desk", "list_accounts", first.body).accounts).toHaveLength(20);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await desk.call("list_accounts", { limit: 50, ...(cursor ? { cursor } : {}) });
      expect(page.ok).toBe(true);
      expect(page.body.accounts.length).toBeLessThanOrEqual(50);
      seen.push(...page.body.accounts.map((account: any) => account.accountId));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    expect([...seen].sort()).toEqual(seen);
  });

  it("get_case_status returns the recorded status and face amount, and 404 for an unknown account", async () => {
    const listed = (await desk.call("list_accounts", { limit: 1 })).body.accounts[0];
    const { ok, body } = await desk.call("get_case_status", { accountId: listed.accountId.toUpperCase() });
    expect(ok).toBe(true);
    expect(expectShape("desk", "get_case_status", body).account).toEqual(listed);

    const missing = await desk.call("get_case_status", { accountId: UNKNOWN_ID });
    expect(missing.ok).toBe(false);
    expect(missing.body.error.code).toBe("not_found");
  });

  it("list_payment_records returns at most 100 records, newest first, without card details", async () => {
    const accounts = (await desk.call("list_accounts", { limit: 50 })).body.accounts;
    let checked = 0;
    for (const account of accounts) {
      const { ok, body } = await desk.call("list_payment_records", { accountId: account.accountId });
      expect(ok).toBe(true);
      const records = expectShape("desk", "list_payment_records", body).paymentRecords;
      expect(records.length).toBeLessThanOrEqual(100);
      const times = records.map((record: any) => record.recordedAt);
      expect([...times].sort().reverse()).toEqual(times);
      checked += records.length;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("create_placement_draft saves a draft for review that list_placement_drafts and get_draft_status show", async () => {
    const saved = await desk.call("create_placement_draft", {
      title: `Spring placement ${adapterName}`,
      accounts: [
        { reference: "NEW-1", name: "Jordan Smith", amount: 1234.56 },
        { reference: "NEW-2", name: "Avery Jones", amount: 99, currency: "EUR", creditor: "Acme Bank" },
      ],
      idempotencyKey: `placement-${adapterName}-0001`,
    });
    expect(saved.ok).toBe(true);
    const { draft, notice, reviewUrl } = expectShape("desk", "create_placement_draft", saved.body);
    expect(draft).toMatchObject({ kind: "placement", accountCount: 2, reviewStatus: "awaiting_review" });
    expect(notice).toMatch(/Nothing was sent/);
    // Issue 18: the page where the person reviews it, on this service, as relay_approved_offer does.
    expect(reviewUrl).toBe(`${service.baseUrl}/drafts/${draft.draftId}`);

    const listed = expectShape("desk", "list_placement_drafts", (await desk.call("list_placement_drafts")).body);
    expect(listed.drafts.map((item: any) => item.draftId)).toContain(draft.draftId);

    const status = await desk.call("get_draft_status", { draftId: draft.draftId });
    expect(expectShape("desk", "get_draft_status", status.body).draft).toMatchObject({
      draftId: draft.draftId,
      reviewStatus: "awaiting_review",
    });
  });
});

describe.each(ADAPTERS)("Resolve tools over %s", (adapterName) => {
  let resolve: Adapter;
  beforeAll(async () => {
    const { accessToken } = await service.connect({ workspace: "resolve" });
    resolve = await openAdapter(adapterName, service.baseUrl, "resolve", accessToken);
  });
  afterAll(async () => resolve?.close());

  it("get_connector_capabilities reports the Resolve workspace", async () => {
    const capabilities = expectShape("resolve", "get_connector_capabilities", (await resolve.call("get_connector_capabilities")).body);
    expect(capabilities.workspace).toBe("resolve");
    expect(capabilities.tools.map((tool: any) => tool.name)).toContain("relay_approved_offer");
  });

  it("get_resolve_guide explains validation, requests and contact limits with Regulation F citations", async () => {
    const { guide } = expectShape("resolve", "get_resolve_guide", (await resolve.call("get_resolve_guide")).body);
    const citations = guide.sections.flatMap((section: any) => section.citations).join(" ");
    for (const section of ["1006.34", "1006.38", "1006.6", "1006.14"]) expect(citations).toContain(`12 CFR ${section}`);
    expect(guide.fees).toMatch(/no fee/i);
    expect(guide.notLegalAdvice).toMatch(/legal advice/i);
  });

  it("create_consumer_request_draft saves a request with the default channel; list and status show it", async () => {
    const saved = await resolve.call("create_consumer_request_draft", {
      kind: "documents",
      recipient: "Harbor Recovery Partners",
      reference: "HRP-000123",
      idempotencyKey: `request-${adapterName}-000001`,
    });
    expect(saved.ok).toBe(true);
    const { draft } = expectShape("resolve", "create_consumer_request_draft", saved.body);
    expect(draft).toMatchObject({ requestKind: "documents", channel: "service", reviewStatus: "awaiting_review" });

    const listed = expectShape("resolve", "list_consumer_requests", (await resolve.call("list_consumer_requests")).body);
    expect(listed.requests.map((item: any) => item.draftId)).toContain(draft.draftId);
    const status = await resolve.call("get_draft_status", { draftId: draft.draftId });
    expect(status.body.draft).toMatchObject({ draftId: draft.draftId, kind: "consumer_request" });
  });

  it("relay_approved_offer returns active approved terms verbatim with id, expiry and review link", async () => {
    const { ok, body } = await resolve.call("relay_approved_offer", { reference: "HRP-000123" });
    expect(ok).toBe(true);
    const { offer } = expectShape("resolve", "relay_approved_offer", body);
    expect(offer.terms).toBe(DEMO_ACTIVE_OFFER_TERMS);
    expect(offer.reviewUrl).toBe(`${service.baseUrl}/resolve/offers/${offer.offerId}`);
    expect(Date.parse(offer.expiresAt)).toBeGreaterThan(Date.now());
  });

  it("relay_approved_offer answers the same 404 for an expired offer and an unknown reference", async () => {
    const expired = await resolve.call("relay_approved_offer", { reference: "HRP-000124" });
    const unknown = await resolve.call("relay_approved_offer", { reference: "NO-SUCH-REF" });
    expect(expired.ok).toBe(false);
    expect(withoutRequestId(expired.body)).toEqual(withoutRequestId(unknown.body));
    expect(unknown.body.error.code).toBe("not_found");
  });
});
