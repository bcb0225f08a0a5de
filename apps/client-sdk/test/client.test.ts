import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The server's own test harness: the real assembled service with the demo data, on loopback.
import { startTestService, type TestService } from "../../server/test/support/test-service.js";
import {
  APIConnectionError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectorClient,
  NotFoundError,
} from "../src/index.js";

let service: TestService;
let desk: ConnectorClient;
let resolve: ConnectorClient;

beforeAll(async () => {
  service = await startTestService("sqlite");
  desk = new ConnectorClient({ baseUrl: service.baseUrl, accessToken: (await service.connect({ workspace: "desk" })).accessToken });
  const consumer = await service.connect({ workspace: "resolve" });
  resolve = new ConnectorClient({ baseUrl: service.baseUrl, accessToken: async () => consumer.accessToken });
});
afterAll(async () => {
  await service?.close();
});

describe("ConnectorClient against the real service", () => {
  it("walks every account of the desk with for await", async () => {
    const ids: string[] = [];
    for await (const account of desk.desk.accounts(40)) ids.push(account.accountId);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
  });

  it("creates a placement draft with a generated idempotency key and reads its status", async () => {
    const saved = await desk.desk.createPlacementDraft({
      title: "From the SDK",
      accounts: [{ reference: "SDK-1", name: "Morgan Hale", amount: 75.25 }],
    });
    expect(saved.draft.reviewStatus).toBe("awaiting_review");
    const status = await desk.desk.getDraftStatus(saved.draft.draftId);
    expect(status.draft.draftId).toBe(saved.draft.draftId);
  });

  it("replays an identical draft and raises ConflictError for changed content under the same key", async () => {
    const request = {
      title: "Keyed",
      accounts: [{ reference: "SDK-2", name: "Lee Park", amount: 10 }],
      idempotencyKey: "sdk-fixed-key-000001",
    };
    const first = await desk.desk.createPlacementDraft(request);
    expect(await desk.desk.createPlacementDraft(request)).toEqual(first);
    const conflict = await desk.desk.createPlacementDraft({ ...request, title: "Changed" }).catch((error) => error);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ status: 409, code: "idempotency_conflict", field: "idempotencyKey" });
  });

  it("maps statuses to error classes with the service's code and field", async () => {
    const missing = await desk.desk.getCaseStatus("0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21").catch((error) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe("not_found");

    const invalid = await desk.desk.listAccounts({ limit: 500 }).catch((error) => error);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect(invalid).toMatchObject({ code: "invalid_input", field: "limit" });

    const anonymous = new ConnectorClient({ baseUrl: service.baseUrl, accessToken: "expired-or-made-up" });
    const refused = await anonymous.desk.capabilities().catch((error) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("relays an approved offer and lists the consumer's requests", async () => {
    const { offer } = await resolve.resolve.relayApprovedOffer("HRP-000123");
    expect(offer.reviewUrl).toContain(offer.offerId);
    await resolve.resolve.createConsumerRequestDraft({ kind: "contact_preference", recipient: "Harbor", channel: "written" });
    const { requests } = await resolve.resolve.listConsumerRequests();
    expect(requests.some((request) => request.channel === "written")).toBe(true);
  });

  it("raises APIConnectionError when the service cannot be reached", async () => {
    const offline = new ConnectorClient({ baseUrl: "http://127.0.0.1:1", accessToken: "t", maxRetries: 0 });
    await expect(offline.desk.capabilities()).rejects.toBeInstanceOf(APIConnectionError);
  });
});
