import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { MY_DRAFTS_PAGE } from "@connector/core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { createDemoDeskMember } from "./support/extra-users.js";
import { type PersonInBrowser, signInAt, signInHere, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

const MEMBER = { email: "member@harbor.example", password: "harbor-member-password" };
const DRAFTS = MY_DRAFTS_PAGE + 1;
const title = (index: number) => `Member draft ${String(index).padStart(2, "0")}`;

/**
 * Issue 12: drafts a member's agent saved, as the member and the Desk's owner (who alone approves)
 * see them: paged lists, discard, review without JavaScript, and an expired form; axe on each.
 */
describe("a Desk's drafts on the people's pages", { timeout: 120_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let owner: PersonInBrowser;

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    await createDemoDeskMember(service, MEMBER);
    const { accessToken } = await service.connect({ workspace: "desk", user: MEMBER });
    for (let index = 0; index < DRAFTS; index += 1) {
      const saved = await callRest(service.baseUrl, accessToken, "desk", "create_placement_draft", {
        title: title(index),
        accounts: [{ reference: `MEMBER-${index}`, name: "Pat Example", amount: 10, currency: "USD" }],
        idempotencyKey: `pages-member-draft-${String(index).padStart(4, "0")}`,
      });
      expect(saved.status).toBe(200);
    }
    owner = await signInAt(browser, service.baseUrl, DEMO_USERS.deskOwner, "/connections");
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("shows the owner the member's open drafts, paged Older and Newest; the member pages their own", async () => {
    const { page } = owner;
    const deskDrafts = page.getByRole("table", { name: "Your Desk's open drafts, newest first" });
    expect(await deskDrafts.textContent()).toContain(title(DRAFTS - 1));
    expect(await deskDrafts.textContent()).not.toContain(title(0));
    const pager = page.getByRole("navigation", { name: "Pages of your Desk's open drafts" });
    await pager.getByRole("link", { name: /Older/ }).click();
    await page.waitForURL(/desk=/);
    expect(await deskDrafts.textContent()).toContain(title(0));
    expect(await deskDrafts.textContent()).not.toContain(title(DRAFTS - 1));
    await owner.inspect("connections-desk-drafts-older");
    await pager.getByRole("link", { name: /Newest/ }).click();
    await page.waitForURL((url) => !url.search.includes("desk="));
    expect(await deskDrafts.textContent()).toContain(title(DRAFTS - 1));

    const member = await signInAt(browser, service.baseUrl, MEMBER, "/connections");
    expect(await member.text()).not.toContain("Your Desk's drafts awaiting review");
    const own = member.page.getByRole("table", { name: "Drafts your agents saved, newest first" });
    expect(await own.textContent()).not.toContain(title(0));
    await member.page.getByRole("navigation", { name: "Draft pages" }).getByRole("link", { name: /Older/ }).click();
    await member.page.waitForURL(/cursor=/);
    expect(await own.textContent()).toContain(title(0));
    await member.context.close();
  });

  it("discards a draft: closed, said plainly, and gone from the open drafts", async () => {
    const { page } = owner;
    await owner.open("/connections");
    await page.getByRole("link", { name: title(DRAFTS - 1) }).click();
    await page.waitForURL(/\/drafts\//);
    await page.getByRole("link", { name: "Discard…" }).click();
    await page.getByRole("button", { name: "Yes, discard this draft" }).click();
    await page.waitForURL(/done=discarded/);
    const text = await owner.text();
    expect(text).toContain("nothing was sent");
    expect(text).toContain("This draft is closed");
    expect(await page.getByRole("link", { name: "Discard…" }).count()).toBe(0);
    await owner.inspect("draft-discarded");
    await owner.open("/connections");
    expect(await page.getByRole("table", { name: "Your Desk's open drafts, newest first" }).textContent()).not.toContain(title(DRAFTS - 1));
  });

  it("says a form has expired when its token is stale, and changes nothing", async () => {
    const { page } = owner;
    await page.getByRole("link", { name: title(DRAFTS - 2) }).click();
    await page.waitForURL(/\/drafts\//);
    const draftPath = new URL(page.url()).pathname;
    await page.locator('form[action$="/review"] input[name="csrf_token"]').evaluate((input) => {
      (input as HTMLInputElement).value = "stale-token";
    });
    await page.getByRole("button", { name: "Mark reviewed" }).click();
    await page.getByRole("heading", { name: "This form has expired" }).waitFor();
    await owner.inspect("form-expired");
    await owner.open(draftPath);
    expect(await owner.text()).toContain("Awaiting review");
    expect(owner.errors()).toEqual([]);
  });

  it("works without JavaScript: signs in and marks a draft reviewed", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${service.baseUrl}/connections`);
    await signInHere(page, DEMO_USERS.deskOwner, "/connections");
    await page.getByRole("link", { name: title(DRAFTS - 3) }).click();
    await page.waitForURL(/\/drafts\//);
    await page.getByRole("button", { name: "Mark reviewed" }).click();
    await page.waitForURL(/done=reviewed/);
    expect(await page.locator("main").textContent()).toContain("Reviewed — not sent");
    await context.close();
  });
});
