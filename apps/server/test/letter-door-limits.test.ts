import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { callRest } from "./support/tool-callers.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Issue 51, findings 7 and 8 at a request letter's doors: a letter PDF (about 20 ms of the one thread
 * each; 500 at once held `/healthz` 6 s) had no per-person limit, and the letter's choices took ESC,
 * DEL and U+2028 with a 200.
 */
describe.each(TEST_DIALECTS)("a request letter's doors, on %s", (dialect) => {
  let service: TestService;
  let browser: BrowserSession;
  let draftId: string;
  let accessToken: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    ({ accessToken } = await service.connect({ workspace: "resolve" }));
    const saved = await callRest(service.baseUrl, accessToken, "resolve", "create_consumer_request_draft", {
      kind: "contact_preference",
      recipient: "Harbor Recovery Partners",
      channel: "mail",
      idempotencyKey: `letter-limits-${dialect}-0001`,
    });
    draftId = saved.body.draft.draftId;
    browser = new BrowserSession(service.baseUrl);
    expect((await browser.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password)).status).toBe(303);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("makes a person 20 letter PDFs a minute, then answers 429 with Retry-After before making one", async () => {
    const pdf = () => browser.request(`/drafts/${draftId}/letter.pdf?times=after%209%20p.m.`);
    // The window is the clock's minute: one that turns mid-run gives a fresh count, so count until refused.
    let made = 0;
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 45 && refused === undefined; attempt++) {
      const answer = await pdf();
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toBe("application/pdf");
        await answer.arrayBuffer();
        made++;
      }
    }
    expect(refused, "no refusal after 45 PDFs").toBeDefined();
    expect(made).toBeGreaterThanOrEqual(20);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await refused!.text()).toContain("many letter files");
    // Only the file is limited: the letter's page still opens.
    expect((await browser.request(`/drafts/${draftId}/letter`)).status).toBe(200);
  });

  it("refuses letter choices holding a control character (ESC, DEL, C1, U+2028) with 400", async () => {
    for (const times of ["after 9\u001b[31m p.m.", "after 9\u007f p.m.", "after 9\u0085 p.m.", "after 9\u2028 p.m.", "after\t9 p.m."]) {
      const answer = await browser.request(`/drafts/${draftId}/letter?times=${encodeURIComponent(times)}`);
      expect(answer.status, JSON.stringify(times)).toBe(400);
      const page = await answer.text();
      expect(page).not.toContain("\u001b");
      expect(page).not.toContain("\u2028");
    }
    expect((await browser.request(`/drafts/${draftId}/letter?times=${encodeURIComponent("after 9 p.m.")}`)).status).toBe(200);
  });

  it("refuses a draft whose stored text holds a control character, by the same rule", async () => {
    for (const recipient of ["Harbor \u001b[2J", "Harbor\u007f", "Harbor\u2028Recovery"]) {
      const answer = await callRest(service.baseUrl, accessToken, "resolve", "create_consumer_request_draft", {
        kind: "documents",
        recipient,
        idempotencyKey: `letter-controls-${dialect}-${recipient.length}-0001`,
      });
      expect(answer.status, JSON.stringify(recipient)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "invalid_input", field: "recipient" });
    }
  });
});
