import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { DEMO_ACTIVE_OFFER_TERMS } from "@connector/store";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { createOtherConsumerUser } from "./support/extra-users.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/**
 * Issue 12: the consumer's doors in headless Chromium. A consumer sees only their own drafts and
 * offers, writes a request draft by form (never sent), and opens the reviewUrl that
 * relay_approved_offer hands their agent; another consumer cannot open it. Axe on each (screenshots with `SCREENSHOTS=1`).
 */
describe("the Resolve pages in a browser", { timeout: 120_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let consumer: PersonInBrowser;
  let reviewPath: string;
  let other: { email: string; password: string };

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    const { accessToken } = await service.connect({ workspace: "resolve" });
    const saved = await callRest(service.baseUrl, accessToken, "resolve", "create_consumer_request_draft", {
      kind: "documents",
      recipient: "Harbor Recovery Partners",
      reference: "HRP-000123",
      channel: "written",
      idempotencyKey: "pages-resolve-draft-0001",
    });
    expect(saved.status).toBe(200);
    const relayed = await callRest(service.baseUrl, accessToken, "resolve", "relay_approved_offer", {
      reference: service.service.demo!.summary.activeOfferReference,
    });
    expect(relayed.status).toBe(200);
    reviewPath = new URL(relayed.body.offer.reviewUrl).pathname;

    other = await createOtherConsumerUser(service);
    const stranger = await service.connect({ workspace: "resolve", user: other });
    const strangers = await callRest(service.baseUrl, stranger.accessToken, "resolve", "create_consumer_request_draft", {
      kind: "contact_preference",
      recipient: "Somebody Else Collections",
      channel: "mail",
      idempotencyKey: "pages-resolve-other-0001",
    });
    expect(strangers.status).toBe(200);
    consumer = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve");
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("shows only the consumer's own drafts and offers, the guide, and says nothing is accepted or paid here", async () => {
    const text = await consumer.text();
    expect(text).toContain("Request for documents to Harbor Recovery Partners");
    expect(text).not.toContain("Somebody Else Collections");
    expect(text).toContain(service.service.demo!.summary.activeOfferReference);
    // The expired offer is not among those to act on; it is listed apart, as past its deadline (issue 48 item 7).
    const approved = (await consumer.page.getByRole("table", { name: "Offers creditors approved for your accounts" }).textContent()) ?? "";
    expect(approved).not.toContain(service.service.demo!.summary.expiredOfferReference);
    expect(await consumer.page.getByRole("table", { name: /^Offers that expired in the last 30 days/ }).textContent()).toContain(
      service.service.demo!.summary.expiredOfferReference,
    );
    expect(text).toContain("Nothing is accepted or paid here");
    expect(text).toContain("The guide");
    // Issue 39 items 6 and 9: drafts tell themselves apart; the guide comes before the lists, with its sources as links.
    const drafts = (await consumer.page.getByRole("table", { name: "Your request drafts, newest first" }).textContent()) ?? "";
    expect(drafts).toContain("Letter to send another written way");
    expect(drafts).toContain("Their reference: HRP-000123");
    expect(drafts).not.toContain("A letter for you to send");
    const headings = await consumer.page.locator("main h2").allTextContents();
    expect(headings.indexOf("The guide")).toBeLessThan(headings.indexOf("Approved offers"));
    const links = consumer.page.locator("#guide-title ~ ul a, #guide-title ~ details a");
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(hrefs).toContain("https://www.consumerfinance.gov/consumer-tools/debt-collection/answers/sample-letters/");
    expect(hrefs).toContain("https://www.consumerfinance.gov/complaint/");
    expect(hrefs).toContain("https://www.naag.org/find-my-ag/");
    expect(hrefs).toContain("https://www.ecfr.gov/current/title-12/section-1006.34");
    expect(text).toContain("For a debt related to a consumer financial product or service");
    expect(text).not.toContain("That is the information the CFPB's sample letter");
    await consumer.inspect("resolve");
  });

  it("saves a request draft by form, shows its full text to copy, and marks it reviewed without sending", async () => {
    const { page } = consumer;
    await page.getByLabel("What do you want to ask?").selectOption("contact_preference");
    await page.getByLabel("Who is it to?").fill("Bayside Collections");
    await page.getByLabel("How do you plan to send it?").selectOption("email");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await page.waitForURL(/\/drafts\//);
    const request = (await page.locator("#request-text").textContent()) ?? "";
    expect(request).toContain("To: Bayside Collections");
    expect(request).toContain("or by email to [your email address]");
    expect(request).not.toContain("this service");
    expect(await page.getByRole("button", { name: "Copy the letter" }).isVisible()).toBe(true);
    expect(await consumer.text()).toContain("The service never sends it");
    await consumer.inspect("draft-request");
    await page.getByRole("button", { name: "Mark reviewed" }).click();
    await page.waitForURL(/done=reviewed/);
    expect(await consumer.text()).toContain("Reviewed — not sent");
    // No approval for requests: only the consumer sends, by their own means.
    expect(await page.getByRole("button", { name: /Approve/ }).count()).toBe(0);

    // A consumer's Discard box speaks of requests, not of approval (issue 39 item 7).
    expect(await consumer.text()).toContain("Discarding closes this request for good");
    expect(await consumer.text()).not.toContain("can no longer be approved");
    await consumer.open("/resolve");
    expect(await consumer.text()).toContain("Contact preference to Bayside Collections");
  });

  it("opens the offer's review link with the terms verbatim and the expiry; another consumer gets not found", async () => {
    expect(await consumer.open(reviewPath)).toBe(200);
    expect(await consumer.page.locator("#offer-terms").textContent()).toBe(DEMO_ACTIVE_OFFER_TERMS);
    const text = await consumer.text();
    expect(text).toContain("Expires");
    expect(text).toContain("Nothing you do on this page accepts it");
    expect(await consumer.page.getByRole("button").filter({ hasText: /accept|pay/i }).count()).toBe(0);
    await consumer.inspect("offer");

    const stranger = await signInAt(browser, service.baseUrl, other, "/resolve");
    expect(await stranger.text()).toContain("No approved offers right now");
    expect(await stranger.open(reviewPath)).toBe(404);
    expect(await stranger.text()).not.toContain(DEMO_ACTIVE_OFFER_TERMS);
    await stranger.inspect("offer-not-found");
    await stranger.context.close();
  });

  it("tells a consumer the place screen is for desks, and a desk that Resolve is for consumers", async () => {
    expect(await consumer.open("/desk/place")).toBe(403);
    expect(await consumer.text()).toContain("This page is for creditors and collection agencies");
    expect(await consumer.page.getByLabel("Key name").count()).toBe(0);
    await consumer.inspect("place-refused");
    const desk = await signInAt(browser, service.baseUrl, DEMO_USERS.deskOwner, "/resolve");
    expect(await desk.page.locator("h1").textContent()).toBe("Resolve is for consumers");
    await desk.inspect("resolve-for-consumers");
    await desk.context.close();
    expect(consumer.errors()).toEqual([]);
  });
});
