import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { screenshot } from "@connector/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** The next 24 December, 02:45 UTC: the evening of the 23rd everywhere in the United States (issue 18 §2). */
function nextChristmasEveAt0245Utc(): { iso: string; year: number } {
  const now = new Date();
  let year = now.getUTCFullYear();
  if (now.getTime() >= Date.UTC(year, 11, 24, 2, 45) - 86_400_000) year += 1;
  return { iso: new Date(Date.UTC(year, 11, 24, 2, 45)).toISOString(), year };
}

const NEW_YORK = { timezoneId: "America/New_York" };
const LOS_ANGELES = { timezoneId: "America/Los_Angeles" };

/**
 * Issue 18, points 1 to 4, as a consumer meets them in headless Chromium: letters to rely on (one
 * meaning of channel, places to fill in, choices in plain words, readable text with a copy button),
 * every time in the reader's own zone (with and without JavaScript), a home that is theirs, and
 * plain words that name the agent that saved a draft. Axe at phone and desktop width (screenshots too with `SCREENSHOTS=1`).
 */
describe("the consumer's side of the people's pages (issue 18)", { timeout: 180_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let consumer: PersonInBrowser;
  let contactDraftPath: string;
  let documentsDraftPath: string;
  let offerPath: string;
  const expiry = nextChristmasEveAt0245Utc();

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    const { accessToken } = await service.connect({ workspace: "resolve" });
    // The agent leaves channel out: the default, "service", means the person has not decided yet.
    const contact = await callRest(service.baseUrl, accessToken, "resolve", "create_consumer_request_draft", {
      kind: "contact_preference",
      recipient: "Harbor Recovery Partners",
      reference: "HRP-000123",
      idempotencyKey: "issue18-contact-0001",
    });
    expect(contact.status).toBe(200);
    expect(contact.body.draft.channel).toBe("service");
    contactDraftPath = `/drafts/${contact.body.draft.draftId}`;
    const documents = await callRest(service.baseUrl, accessToken, "resolve", "create_consumer_request_draft", {
      kind: "documents",
      recipient: "Bayside Collections",
      channel: "email",
      idempotencyKey: "issue18-documents-0001",
    });
    expect(documents.status).toBe(200);
    documentsDraftPath = `/drafts/${documents.body.draft.draftId}`;

    // The demo's active offer now ends at 02:45 UTC on 24 December.
    await service.service.database.db
      .updateTable("approved_offers")
      .set({ expires_at: expiry.iso })
      .where("status", "=", "active")
      .where("expires_at", ">", new Date().toISOString())
      .execute();
    const relayed = await callRest(service.baseUrl, accessToken, "resolve", "relay_approved_offer", {
      reference: service.service.demo!.summary.activeOfferReference,
    });
    expect(relayed.status).toBe(200);
    expect(relayed.body.offer.expiresAt).toBe(expiry.iso);
    offerPath = new URL(relayed.body.offer.reviewUrl).pathname;

    consumer = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, contactDraftPath, NEW_YORK);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("1. a contact-preference letter asks for no reply through the service, has places to fill in, and follows the person's plain words", async () => {
    const { page } = consumer;
    const letter = page.locator("#request-text");
    // Readable text with marked places, not a code block.
    expect(await letter.evaluate((element) => element.tagName)).toBe("DIV");
    expect(await page.locator("main pre").count()).toBe(0);
    expect(await letter.locator("mark").first().textContent()).toBe("[Your name]");
    const before = (await letter.textContent()) ?? "";
    expect(before).not.toMatch(/this service|at work|inconvenient/);
    for (const place of ["[Your name]", "[Your return address]", "[Today's date]", "[Your signature]", "[the date they contacted you]"]) {
      expect(before).toContain(place);
    }
    expect(before).toContain("Re: your reference HRP-000123");
    expect(before).toContain("You can contact me by mail to the address above.");
    const text = await consumer.text();
    expect(text).toContain("How you plan to send it");
    expect(text).toContain("Not decided yet (kept here)");
    expect(text).toContain("a collector cannot reply through this service");
    expect(text).not.toContain("contact_preference");
    await consumer.inspect("issue18-contact-letter");

    await page.getByLabel("Times that are inconvenient for you (optional)").fill("before 10 a.m. or after 6 p.m. on weekdays");
    await page.getByLabel("At work").check();
    await page.getByLabel("No phone calls").check();
    await page.getByLabel("A lawyer represents me about this debt").check();
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForURL(/\/letter\?/);
    const shaped = (await letter.textContent()) ?? "";
    // The times are followed by the reader's zone, named (issue 39 item 9).
    expect(shaped).toMatch(/These times are inconvenient for me, so please do not contact me then: before 10 a\.m\. or after 6 p\.m\. on weekdays \([A-Za-z ]+ Time\)\./);
    expect(shaped).toContain("please do not contact me at work.");
    expect(shaped).toContain("Please do not contact me by phone calls.");
    expect(shaped).toContain("Please contact my lawyer, not me: [your lawyer's name]");
    // What was chosen stays chosen.
    expect(await page.getByLabel("At work").isChecked()).toBe(true);
    expect(await page.getByLabel("Times that are inconvenient for you (optional)").inputValue()).toContain("before 10 a.m.");
    await consumer.inspect("issue18-contact-letter-shaped");

    // The copy button copies the letter as shown, places in brackets and line breaks kept.
    await consumer.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy the letter" }).click();
    await expect.poll(() => page.locator("[data-copy-status]").last().textContent()).toBe("Copied.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shaped);
    expect(copied.split("\n")[0]).toBe("[Your name]");
  });

  it("1. a refused choice keeps the rest of what was typed and never echoes the refused value", async () => {
    const { page } = consumer;
    await consumer.open(contactDraftPath);
    await page.getByLabel("Times that are inconvenient for you (optional)").fill("evenings");
    await page.getByLabel("Other places (optional)").fill("my SSN is 123-45-6789");
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForURL(/\/letter\?/);
    // A summary names the field to fix (issue 39 item 1); the reason is said once, beside the field, in people's words.
    expect(await page.getByRole("alert").textContent()).toBe("The letter was not updatedCheck this field:Other places (optional)");
    expect(await page.locator("#letter-places-error").textContent()).toBe(
      "This looks like a Social Security, card or bank account number, so it was not used. Say the places without it.",
    );
    expect(await page.getByLabel("Times that are inconvenient for you (optional)").inputValue()).toBe("evenings");
    expect(await page.getByLabel("Other places (optional)").inputValue()).toBe("");
    expect(await page.content()).not.toContain("123-45-6789");
    await consumer.inspect("issue18-contact-letter-refused");
  });

  it("1. a documents letter asks about the debt being collected, with an email address to fill in when sent by email", async () => {
    await consumer.open(documentsDraftPath);
    const letter = (await consumer.page.locator("#request-text").textContent()) ?? "";
    expect(letter).toContain("I am writing about the debt you are attempting to collect.");
    expect(letter).toContain("Re: [their reference for the debt, from their letter or message, if any]");
    expect(letter).toContain("Please send it by mail to the address above or by email to [your email address].");
    expect(letter).not.toContain("this service");
    expect(await consumer.text()).toContain("An email counts as a written request only when it goes to an email address the collector accepts");
    // Who saved it is named: the agent's own name.
    expect(await consumer.text()).toContain("Saved by Test Agent (an app you connected)");
    await consumer.inspect("issue18-documents-letter");
  });

  it("1. the guide states the facts a person needs, neutrally, with their sections", async () => {
    await consumer.open("/resolve");
    const { page } = consumer;
    for (const summary of await page.locator("details summary").all()) await summary.click();
    const text = await consumer.text();
    expect(text).toContain("unless you contact the collector to dispute the debt or any part of it on or before the end date, the collector will assume the debt is valid");
    expect(text).toContain("not disputing a debt is not an admission that you owe it");
    expect(text).toContain("at least five days after it provided it, not counting Saturdays, Sundays and federal legal holidays");
    expect(text).toContain("the collector may keep collecting unless it receives such a written dispute or request");
    expect(text).toContain("A request for documents or information is not necessarily a dispute.");
    expect(text).toContain("An email or a website message counts only when it goes to an email address or website portal the collector accepts");
    expect(text).toContain("12 CFR 1006.34(c)(3)(iii)");
    expect(text).toContain("The CFPB suggests");
    // The form speaks of how the person plans to send it, not how they should reply.
    expect(await page.getByLabel("How do you plan to send it?").inputValue()).toBe("service");
    expect(text).not.toMatch(/contact_preference|settlement floor|How should they reply/);
    await consumer.inspect("issue18-resolve-guide-open");
  });

  it("2. shows deadlines in the reader's zone, named, leading with the date to act by; the script tells the server the zone", async () => {
    const { page } = consumer;
    await consumer.open(offerPath);
    const notice = (await page.locator(".notice.warn").textContent()) ?? "";
    expect(notice).toMatch(new RegExp(`^Act by Wednesday, December 23, ${expiry.year}`));
    expect(notice).toContain(`Dec 23, ${expiry.year}, 9:45 PM EST`);
    expect(await page.locator(`time[datetime="${expiry.iso}"]`).count()).toBeGreaterThan(1);
    expect(await page.locator("footer").textContent()).toContain("Eastern Time (New York)");
    expect(await consumer.text()).not.toContain("UTC");
    await consumer.inspect("issue18-offer-new-york");

    // A reader in Los Angeles: the first page is rewritten by the script at once, the next is rendered so.
    const west = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, offerPath, LOS_ANGELES);
    await expect.poll(() => west.page.locator(".notice.warn").textContent()).toContain("6:45 PM PST");
    expect(await west.page.locator("footer").textContent()).toContain("Pacific Time (Los Angeles)");
    const cookies = await west.context.cookies();
    expect(cookies.find((cookie) => cookie.name === "tz")?.value).toBe("America%2FLos_Angeles");
    const rendered = await (await west.page.request.get(`${service.baseUrl}${offerPath}`)).text();
    expect(rendered).toContain(`Dec 23, ${expiry.year}, 6:45 PM PST`);
    expect(rendered).toContain('data-zone="America/Los_Angeles"');
    await west.inspect("issue18-offer-los-angeles");
    expect(west.errors()).toEqual([]);
    await west.context.close();
  });

  it("2. reads correctly without JavaScript: the stated default zone, named", async () => {
    const plain = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve", { ...LOS_ANGELES, javaScriptEnabled: false });
    const table = (await plain.page.locator("table").first().textContent()) ?? "";
    expect(table).toContain(`Wednesday, December 23, ${expiry.year}`);
    expect(table).toContain("9:45 PM EST");
    expect(await plain.page.locator("footer").textContent()).toContain("Eastern Time (New York)");
    // axe needs script in the page, so without JavaScript the page is looked at, not audited (it is above).
    await screenshot(plain.page, "pages-issue18-resolve-no-javascript");

    // The letter form works without JavaScript too.
    await plain.open(contactDraftPath);
    await plain.page.getByLabel("No text messages").check();
    await plain.page.getByRole("button", { name: "Update the letter" }).click();
    await plain.page.waitForURL(/\/letter\?/);
    expect(await plain.page.locator("#request-text").textContent()).toContain("Please do not contact me by text messages.");
    await screenshot(plain.page, "pages-issue18-contact-letter-no-javascript");
    await plain.context.close();
  });

  it("3. a consumer's home shows their pages and how to connect an assistant to Resolve, not the Desk's developer set-up", async () => {
    await consumer.open("/");
    const text = await consumer.text();
    expect(text).toContain("Connect your AI assistant");
    expect(text).toContain(`${service.baseUrl}/mcp/resolve`);
    expect(text).not.toContain("OAuth discovery");
    expect(text).not.toContain("/mcp/desk");
    expect(await consumer.page.getByRole("button", { name: "Copy MCP configuration" }).count()).toBe(0);
    expect(await consumer.page.getByRole("button", { name: "Copy the address" }).isVisible()).toBe(true);
    await consumer.inspect("issue18-home-consumer");

    const desk = await signInAt(browser, service.baseUrl, DEMO_USERS.deskOwner, "/connections");
    await desk.open("/");
    expect(await desk.page.getByRole("button", { name: "Copy MCP configuration" }).isVisible()).toBe(true);
    expect(await desk.text()).not.toContain("Connect your AI assistant");
    await desk.context.close();
  });

  it("4. names the agent that saved each draft; a consumer's own drafts are theirs, in plain words", async () => {
    await consumer.open("/resolve");
    const { page } = consumer;
    await page.getByLabel("What do you want to ask?").selectOption("documents");
    await page.getByLabel("Who is it to?").fill("Cedar Credit");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await page.waitForURL(/\/drafts\//);
    expect(await consumer.text()).toContain("Saved by you, on this site");

    await consumer.open("/connections");
    const text = await consumer.text();
    expect(text).toContain("Your request drafts");
    expect(text).not.toContain("Drafts your agents saved");
    const rows = page.locator("table").filter({ hasText: "Your request drafts" }).locator("tbody tr");
    expect(await rows.filter({ hasText: "Cedar Credit" }).textContent()).toContain("You, on this site");
    expect(await rows.filter({ hasText: "Bayside Collections" }).textContent()).toContain("Test Agent (an app you connected)");
    await consumer.inspect("issue18-connections-consumer");

    await consumer.open(offerPath);
    const offer = await consumer.text();
    expect(offer).toContain("How to reach the creditor");
    expect(offer).toContain("This offer's record has no contact details for the creditor");
    expect(consumer.errors()).toEqual([]);
  });
});
