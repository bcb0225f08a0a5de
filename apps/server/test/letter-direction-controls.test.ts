import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** RIGHT-TO-LEFT OVERRIDE: the rest of its line reads backwards ("Collect Agency" stored as "ycnegA tcelloC"). */
const RLO = "\u202e";
const RECIPIENT = `Acme ${RLO}ycnegA tcelloC`;

/**
 * Issue 51, finding 5: text someone typed is isolated where a page shows it (the title, the heading,
 * the letter's "To:" line), and a letter's address cannot carry a direction control into the
 * service's own sentences at all.
 */
describe("direction controls on the letter page (issue 51)", { timeout: 60_000 }, () => {
  let service: TestService;
  let person: BrowserSession;
  let letterPath: string;

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    const { accessToken } = await service.connect({ workspace: "resolve" });
    const saved = await callRest(service.baseUrl, accessToken, "resolve", "create_consumer_request_draft", {
      kind: "contact_preference",
      recipient: RECIPIENT,
      channel: "mail",
      idempotencyKey: "direction-controls-0001",
    });
    expect(saved.status).toBe(200);
    letterPath = `/drafts/${(saved.body as { draft: { draftId: string } }).draft.draftId}/letter`;
    person = new BrowserSession(service.baseUrl);
    await person.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("isolates the recipient in the title, the heading and the letter's To: line", async () => {
    const answer = await person.request(letterPath);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(`\u2068${RECIPIENT}\u2069`);
    expect(/<h1>(.*?)<\/h1>/s.exec(html)?.[1]).toContain(`<bdi>${RECIPIENT}</bdi>`);
    expect(html).toContain(`To: <bdi>${RECIPIENT}</bdi>`);
    // Nowhere is the recipient shown without its isolation.
    expect(html.split(RECIPIENT).length - 1).toBe(html.split(`<bdi>${RECIPIENT}</bdi>`).length - 1 + html.split(`\u2068${RECIPIENT}\u2069`).length - 1);
  });

  it("refuses times or places from a link that carry a direction control, with the form's own words", async () => {
    for (const [name, value] of [
      ["times", `${RLO}.m.p 6 erofeb`],
      ["places", `work\u2066 site`],
      ["times", "after 6\u200f p.m."],
    ] as const) {
      const answer = await person.request(`${letterPath}?${new URLSearchParams({ [name]: value, lawyer: "on" })}`);
      expect(answer.status, value).toBe(400);
      const html = await answer.text();
      expect(html).toContain(name === "times" ? "Type the times in plain words, in at most 200 characters." : "Type the places in plain words, in at most 200 characters.");
      expect(html).not.toContain(value);
    }
    // Plain choices still shape the letter.
    const plain = await (await person.request(`${letterPath}?times=${encodeURIComponent("before 6 p.m.")}`)).text();
    expect(plain).toContain("<bdi>before 6 p.m.</bdi>");
  });
});
