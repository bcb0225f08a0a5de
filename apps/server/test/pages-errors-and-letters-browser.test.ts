import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { join } from "node:path";
import { SCREENSHOT_DIR, VIEWPORTS } from "@connector/testkit";

const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === "1";
import type { Browser, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { type PersonInBrowser, signInAt, signInHere, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** Whether an element is inside the viewport (the person sees it without scrolling). */
const inView = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= -1 && box.bottom <= window.innerHeight + 1;
  });

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** The text of a PDF, its lines joined. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/**
 * Issue 39 items 1–3: a refused form puts the person at what to fix (at phone and desktop width),
 * keeps what they typed and says it once in their words; a letter's choices live in its own address
 * (reload, bookmark); the letter prints alone and downloads as a PDF whose text is the letter's.
 */
describe("refused forms and letters in a browser", { timeout: 180_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let consumer: PersonInBrowser;

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    // The reader's own zone, which the letter names beside the times they type.
    consumer = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve", { timezoneId: "America/Chicago" });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  for (const [width, size] of Object.entries(VIEWPORTS)) {
    it(`at ${width} width, a refused request draft lands on the field to fix with the summary in view, keeps the rest, and says it once`, async () => {
      const { page } = consumer;
      await page.setViewportSize(size);
      await consumer.open("/resolve");
      await page.getByLabel("What do you want to ask?").selectOption("contact_preference");
      await page.getByLabel("Who is it to?").fill("Bayside Collections");
      await page.getByLabel("Their reference (optional)").fill("123-45-6789");
      await page.getByLabel("How do you plan to send it?").selectOption("mail");
      await page.getByRole("button", { name: "Save the draft" }).click();
      await page.waitForLoadState("load");
      await page.waitForFunction(() => document.activeElement?.id === "request-reference");
      expect(await focusedId(page)).toBe("request-reference");
      expect(await inView(page, ".error-summary")).toBe(true);
      expect(await inView(page, "#request-reference")).toBe(true);
      const summary = (await page.locator(".error-summary").textContent()) ?? "";
      expect(summary).toContain("Your draft was not saved");
      expect(summary).toContain("Their reference (optional)");
      const main = await consumer.text();
      const message = "This looks like a Social Security, card or bank account number";
      expect(main.split(message).length - 1).toBe(1);
      expect(main).not.toContain("reference looks like");
      // What was typed stays, less the refused value (never echoed).
      expect(await page.getByLabel("Who is it to?").inputValue()).toBe("Bayside Collections");
      expect(await page.getByLabel("What do you want to ask?").inputValue()).toBe("contact_preference");
      expect(await page.getByLabel("How do you plan to send it?").inputValue()).toBe("mail");
      expect(await page.getByLabel("Their reference (optional)").inputValue()).toBe("");
      expect(await page.content()).not.toContain("123-45-6789");
      // The summary's link takes the person to the field.
      await page.getByLabel("Who is it to?").focus();
      await page.locator(".error-summary a").click();
      expect(await focusedId(page)).toBe("request-reference");
      if (width === "phone") await consumer.inspect("resolve-refused");
    });
  }

  it("a blank recipient is refused in people's words, without the API's field name", async () => {
    const { page } = consumer;
    await consumer.open("/resolve");
    await page.getByLabel("Who is it to?").fill("   ");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await page.waitForFunction(() => document.activeElement?.id === "request-recipient");
    const main = await consumer.text();
    expect(main).toContain("Write who the letter is to");
    expect(main).not.toContain("recipient is required");
  });

  it("after the session ended, sign-in says why and what did not happen, and returns the person to where they were", async () => {
    const person = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve");
    const { page } = person;
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByLabel("Who is it to?").fill("Harbor Recovery Partners");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await page.waitForURL(/\/drafts\/[^/]+$/);
    const draftPath = new URL(page.url()).pathname;
    // The session ends on the server (as at its expiry): the browser still holds a cookie nobody honours.
    const expire = async () => {
      const cookies = await person.context.cookies();
      const session = cookies.find((cookie) => cookie.name.endsWith("connector_session"))!;
      await person.context.addCookies([{ ...session, value: "ended-session-value" }]);
    };
    await expire();
    await page.getByRole("button", { name: "Mark reviewed" }).click();
    await page.waitForURL(/\/signin\?/);
    const signIn = await person.text();
    expect(signIn).toContain("You were signed out because your session ended");
    expect(signIn).toContain("“Mark reviewed” did not happen. Sign in, then press it again.");
    await person.inspect("signin-session-ended");
    await signInHere(page, DEMO_USERS.consumer, draftPath);
    expect(await person.text()).toContain("Awaiting review");

    // A page opened after the session ended: the same words of why, and back to that page.
    await expire();
    await person.open("/resolve");
    expect(await person.text()).toContain("You were signed out because your session ended");
    expect(await person.text()).toContain("Sign in and you go back to the page you were on.");
    await signInHere(page, DEMO_USERS.consumer, "/resolve");
    await person.context.close();
  });

  it("keeps a letter's choices in its own address: reload and a bookmark show them; a refused choice lands on its field", async () => {
    const { page } = consumer;
    await page.setViewportSize(VIEWPORTS.phone);
    await consumer.open("/resolve");
    await page.getByLabel("What do you want to ask?").selectOption("contact_preference");
    await page.getByLabel("Who is it to?").fill("Bayside Collections");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await page.waitForURL(/\/drafts\/[^/]+$/);
    const draftPath = new URL(page.url()).pathname;

    await page.getByLabel("Times that are inconvenient for you (optional)").fill("before 10 a.m.");
    await page.getByLabel("At work").check();
    await page.getByLabel("No phone calls").check();
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForURL(/\/letter\?/);
    const letterAddress = page.url();
    const letter = async () => (await page.locator("#request-text").textContent()) ?? "";
    expect(await letter()).toContain("before 10 a.m. (Central Time)");
    expect(await letter()).toContain("[their mailing address, from their letter or message]");
    expect(await letter()).not.toContain("a.m..");

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    expect(await letter()).toContain("please do not contact me at work");
    expect(await page.getByLabel("No phone calls").isChecked()).toBe(true);
    expect(await page.getByLabel("Times that are inconvenient for you (optional)").inputValue()).toBe("before 10 a.m.");

    // Switching the page's language keeps the letter as it is: the switch comes back with its choices.
    const switchBack = new URL((await page.locator(".language-switch a").getAttribute("href"))!, letterAddress).searchParams.get("back")!;
    expect(new URLSearchParams(switchBack.split("?")[1]).get("times")).toBe("before 10 a.m.");
    expect(new URLSearchParams(switchBack.split("?")[1]).getAll("ways")).toEqual(["calls"]);

    // A bookmark: the same address in a new tab.
    const tab = await consumer.context.newPage();
    await tab.goto(letterAddress);
    expect(await tab.locator("#request-text").textContent()).toContain("Please do not contact me by phone calls.");
    await tab.close();

    await page.getByLabel("Other places (optional)").fill("my number is 123-45-6789");
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForFunction(() => document.activeElement?.id === "letter-places");
    expect(await inView(page, ".error-summary")).toBe(true);
    expect(await page.content()).not.toContain("123-45-6789");
    expect(await page.getByLabel("Times that are inconvenient for you (optional)").inputValue()).toBe("before 10 a.m.");
    await consumer.inspect("letter-refused");

    // Print: the letter alone, as a letter; then the downloadable PDF says the same.
    await consumer.open(new URL(letterAddress).pathname + new URL(letterAddress).search);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".site-header").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Update the letter" }).isVisible()).toBe(false);
    expect(await page.locator("#request-text").isVisible()).toBe(true);
    const printed = await pdfText(await page.pdf({ format: "Letter" }));
    expect(printed).toContain("To: Bayside Collections");
    expect(printed).toContain("before 10 a.m. (Central Time)");
    expect(printed).not.toContain("Mark reviewed");
    expect(printed).not.toContain("Discard");
    expect(printed).not.toContain("Signed in as");
    if (SCREENSHOTS_WANTED) await page.screenshot({ path: join(SCREENSHOT_DIR, "pages-letter-print.phone.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await consumer.inspect("letter");

    const href = await page.getByRole("link", { name: "Download the letter as a PDF" }).getAttribute("href");
    expect(href).toContain("/letter.pdf?");
    const download = await page.request.get(new URL(href!, service.baseUrl).href);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    const file = await pdfText(await download.body());
    expect(file).toContain("To: Bayside Collections");
    expect(file).toContain("please do not contact me at work");
    expect(file).toContain("[Your signature]");
    expect(draftPath).toMatch(/^\/drafts\//);
    expect(consumer.errors()).toEqual([]);
  });
});
