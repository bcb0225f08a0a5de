import { mintInviteInputSchema, redeemInviteInputSchema } from "@connector/core/agency";
import { escalationInputSchema } from "@connector/core/escalations";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/**
 * Tools, `/api/v1` and the people's pages validate through core's one `validateInput`: the same
 * messages, the same refusal of a property name that looks like personal data, path ids checked
 * by the same schema at every door, and each schema parsed once per request.
 */
describe("one validation for every door", () => {
  let service: TestService;
  let desk: { accessToken: string };
  let owner: ApiSession;
  beforeAll(async () => {
    service = await startTestService("sqlite");
    desk = await service.connect({ workspace: "desk" });
    owner = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("refuses a personal-data property name in an /api/v1 body as a tool refuses it, without repeating it", async () => {
    const tool = await callRest(service.baseUrl, desk.accessToken, "desk", "list_placement_drafts", { "123-45-6789": 1 });
    expect(tool.status).toBe(400);
    expect(tool.body.error.code).toBe("forbidden_personal_data");
    // One validated by the router (desk keys), one by the core operation the route calls (escalations).
    for (const [path, body] of [
      ["/keys", { name: "agent", "123-45-6789": 1 }],
      ["/escalations", { reason: "other", context: "look at this", "123-45-6789": 1 }],
    ] as const) {
      const answer = await owner.call("POST", path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error, path).toMatchObject({ code: "forbidden_personal_data", message: tool.body.error.message });
      expect(JSON.stringify(answer.body), path).not.toContain("6789");
    }
  });

  it("says an unknown property the same way on /api/v1 as in a tool", async () => {
    const tool = await callRest(service.baseUrl, desk.accessToken, "desk", "list_accounts", { extra: 1 });
    const api = await owner.call("POST", "/keys", { name: "agent", extra: 1 });
    expect(api.status).toBe(400);
    expect(api.body.error).toMatchObject({ code: "invalid_input", field: "extra", message: tool.body.error.message });
  });

  it("parses the escalation and invite bodies once per request, and answers with that one validator's words", async () => {
    for (const [schema, path, body, field] of [
      [escalationInputSchema, "/escalations", { reason: "other", context: "look at this", extra: 1 }, "extra"],
      [mintInviteInputSchema, "/agency/invites", { expiresInDays: 99 }, "expiresInDays"],
      [redeemInviteInputSchema, "/agency/invites/redeem", { token: "" }, "token"],
    ] as const) {
      const parse = vi.spyOn(schema, "safeParse");
      try {
        const answer = await owner.call("POST", path, body);
        expect(answer.status, path).toBe(400);
        expect(answer.body.error, path).toMatchObject({ code: "invalid_input", field });
        expect(parse, path).toHaveBeenCalledTimes(1);
        // The message is core's, whichever door: it names the field and the rule, never the value.
        expect(answer.body.error.message.startsWith(`${field} `), path).toBe(true);
      } finally {
        parse.mockRestore();
      }
    }
  });

  it("checks page path ids with /api/v1's id schema: an id that is none is the not-found page for a browser, JSON for an API client", async () => {
    const browser = new BrowserSession(service.baseUrl);
    await browser.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    for (const path of ["/drafts/not-a-draft", "/drafts/not-a-draft/history.csv", "/desk/agency/invites/nope/revoke", "/connections/some-grant/revoke"]) {
      const page = await browser.request(path, { headers: html });
      expect(page.status, path).toBe(404);
      expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(await page.text(), path).toContain("There is nothing at this address");
      const json = await browser.request(path, { headers: { accept: "application/json" } });
      expect(json.status, path).toBe(404);
      expect(((await json.json()) as { error: { code: string } }).error.code, path).toBe("not_found");
    }
    // /api/v1 refuses the same id with its JSON.
    expect((await owner.call("GET", "/drafts/not-a-draft")).body.error).toMatchObject({ code: "invalid_input", field: "draftId" });
    // A well-formed id that is nobody's is still the page's own words, as before.
    const unknown = await browser.request("/drafts/00000000-0000-4000-8000-000000000001", { headers: html });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This draft is not available");

    const consumer = new BrowserSession(service.baseUrl);
    await consumer.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password);
    const offer = await consumer.request("/resolve/offers/not-an-offer", { headers: html });
    expect(offer.status).toBe(404);
    expect(await offer.text()).toContain("There is nothing at this address");
  });
});
