import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadRequestError, ConflictError, ConnectorClient, isConnectorError, NotFoundError } from "../src/index.js";
import { connectAuth, newAuth, type SdkService, startSdkService } from "./support/sdk-service.js";

let service: SdkService;
let desk: ConnectorClient;
let resolve: ConnectorClient;
/** Tool calls the desk client put on the wire. */
const deskRequests: string[] = [];

beforeAll(async () => {
  service = await startSdkService();
  const countingFetch: typeof fetch = (input, init) => {
    deskRequests.push(String(input));
    return fetch(input, init);
  };
  desk = new ConnectorClient({ baseUrl: service.baseUrl, auth: await connectAuth(service, newAuth(service, "desk")), fetch: countingFetch });
  resolve = new ConnectorClient({ baseUrl: service.baseUrl, auth: await connectAuth(service, newAuth(service, "resolve")) });
});
afterAll(async () => {
  await service?.close();
});

describe("every Desk tool through the typed methods", () => {
  it("reads capabilities, a page of accounts, one account's case status and its payment records", async () => {
    const capabilities = await desk.desk.capabilities();
    expect(capabilities.workspace).toBe("desk");
    expect(capabilities.grantedScopes).toEqual(expect.arrayContaining(["desk:read", "desk:drafts"]));

    const page = await desk.desk.listAccounts({ limit: 5 });
    expect(page.accounts).toHaveLength(5);
    const first = page.accounts[0]!;
    const { account } = await desk.desk.getCaseStatus({ accountId: first.accountId });
    expect(account).toEqual(first);
    const records = await desk.desk.listPaymentRecords({ accountId: first.accountId });
    expect(records.accountId).toBe(first.accountId);
    expect(Array.isArray(records.paymentRecords)).toBe(true);
  });

  it("walks every account with for await, across pages, each account once", async () => {
    const before = deskRequests.length;
    const ids: string[] = [];
    for await (const account of desk.desk.accounts(40)) ids.push(account.accountId);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    // 300 accounts in pages of 40: eight requests.
    expect(deskRequests.length - before).toBe(8);
  });

  it("saves a placement draft with a generated key it returns, lists it and reads its status", async () => {
    const saved = await desk.desk.createPlacementDraft({
      title: "From the SDK",
      accounts: [{ reference: "SDK-1", name: "Morgan Hale", amount: 75.25 }],
    });
    expect(saved.draft.reviewStatus).toBe("awaiting_review");
    expect(saved.idempotencyKey).toMatch(/^sdk-[0-9a-f-]{36}$/);
    expect(saved.notice).toMatch(/not|no/i);
    const { drafts } = await desk.desk.listPlacementDrafts();
    expect(drafts.map((draft) => draft.draftId)).toContain(saved.draft.draftId);
    const status = await desk.desk.getDraftStatus({ draftId: saved.draft.draftId });
    expect(status.draft).toMatchObject({ draftId: saved.draft.draftId, kind: "placement", reviewStatus: "awaiting_review" });
  });

  it("replays an identical draft and raises ConflictError, with the key, for changed content", async () => {
    const request = {
      title: "Keyed",
      accounts: [{ reference: "SDK-2", name: "Lee Park", amount: 10 }],
      idempotencyKey: "sdk-fixed-key-000001",
    };
    const first = await desk.desk.createPlacementDraft(request);
    expect(await desk.desk.createPlacementDraft(request)).toEqual(first);
    const conflict = await desk.desk.createPlacementDraft({ ...request, title: "Changed" }).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(isConnectorError(conflict, "idempotency_conflict")).toBe(true);
    expect(conflict).toMatchObject({ status: 409, field: "idempotencyKey", idempotencyKey: "sdk-fixed-key-000001" });
  });
});

describe("every Resolve tool through the typed methods", () => {
  it("reads capabilities and the guide, relays an approved offer, saves, lists and reads a request draft", async () => {
    expect((await resolve.resolve.capabilities()).workspace).toBe("resolve");
    const { guide } = await resolve.resolve.getResolveGuide();
    expect(guide.sections.length).toBeGreaterThan(3);

    const { offer } = await resolve.resolve.relayApprovedOffer({ reference: "HRP-000123" });
    expect(offer.reviewUrl).toContain(offer.offerId);
    const expired = await resolve.resolve.relayApprovedOffer({ reference: "HRP-000124" }).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(NotFoundError);

    const saved = await resolve.resolve.createConsumerRequestDraft({ kind: "contact_preference", recipient: "Harbor" });
    expect(saved.draft.channel).toBe("service");
    const { requests } = await resolve.resolve.listConsumerRequests();
    expect(requests.map((request) => request.draftId)).toContain(saved.draft.draftId);
    const status = await resolve.resolve.getDraftStatus({ draftId: saved.draft.draftId });
    expect(status.draft.kind).toBe("consumer_request");
  });
});

describe("arguments the service refuses", () => {
  it("come back in the service's own words, naming the field, after one request and no retry", async () => {
    const before = deskRequests.length;
    const tooMany = await desk.desk.listAccounts({ limit: 500 }).catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(BadRequestError);
    expect(tooMany).toMatchObject({ status: 400, code: "invalid_input", field: "limit", message: "limit must be at most 50." });

    const extra = await desk
      .callTool("desk", "get_case_status", { accountId: "0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21", bogus: true } as never)
      .catch((e: unknown) => e);
    expect(extra).toMatchObject({ code: "invalid_input", field: "bogus", message: "bogus is not accepted here; remove it." });

    const notAnId = await desk.desk.getCaseStatus({ accountId: "INV-1001" }).catch((e: unknown) => e);
    expect(notAnId).toMatchObject({ code: "invalid_input", field: "accountId" });
    expect((notAnId as Error).message).not.toMatch(/pattern|Instance type/);

    const draft = await desk.desk
      .createPlacementDraft({ title: "Bad", accounts: [{ reference: "R", name: "N", amount: -1 }], idempotencyKey: "sdk-bad-amount-0001" })
      .catch((error: unknown) => error);
    expect(draft).toMatchObject({ status: 400, code: "invalid_input", field: "accounts.0.amount", idempotencyKey: "sdk-bad-amount-0001" });
    expect(deskRequests.length - before).toBe(4);
  });

  it("hands every answer's headers to onResponse: the quota left (RateLimit) on a success too", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const answers: Array<{ status: number; rateLimit: string | null }> = [];
    const watched = new ConnectorClient({
      baseUrl: service.baseUrl,
      auth,
      onResponse: ({ status, headers }) => answers.push({ status, rateLimit: headers.get("ratelimit") }),
    });
    await watched.desk.listAccounts({ limit: 1 });
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.rateLimit).toMatch(/^"per-grant";r=\d+;t=\d+$/);
  });

  it("asks for the language given as `language` (Accept-Language): the Resolve guide in Spanish", async () => {
    const auth = await connectAuth(service, newAuth(service, "resolve"));
    const spanish = new ConnectorClient({ baseUrl: service.baseUrl, auth, language: "es" });
    expect((await spanish.resolve.getResolveGuide()).language).toBe("es");
    expect((await resolve.resolve.getResolveGuide()).language).toBe("en");
  });

  it("refuses a call to the workspace this client is not connected to, locally", async () => {
    const before = deskRequests.length;
    const error = await desk.resolve.getResolveGuide().catch((e: unknown) => e);
    expect(isConnectorError(error, "workspace_not_connected")).toBe(true);
    expect(deskRequests.length).toBe(before);
  });
});
