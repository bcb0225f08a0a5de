import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { SCREENSHOT_DIR, VIEWPORTS } from "@connector/testkit";
import { ensureDebianPackage } from "@connector/vitest-config";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";

const PDFTOTEXT = ensureDebianPackage({
  binary: "pdftotext",
  paths: ["/usr/bin/pdftotext"],
  debianPackage: "poppler-utils",
  neededFor: "the letter zone test (apps/server/test/letter-zone-browser.test.ts)",
});

const LOS_ANGELES = { timezoneId: "America/Los_Angeles" };
const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === "1";
const TIMES_LABEL = "Times that are inconvenient for you (optional)";
const ZONE_LABEL = "Time zone of these times";
/** The letter's sentence about the times, up to its full stop. */
const TIMES_SENTENCE = /These times are inconvenient for me, so please do not contact me then: [^\n]*?\)\./;

/**
 * Issue 48 item 3: the reader's zone is said, never guessed. A reader in Los Angeles gets a letter
 * whose times say "Pacific Time" the same on the page, in the copied text and in the PDF, with
 * JavaScript (the form chooses the browser's zone and says so) and without it (nothing is chosen
 * until the person chooses; until then the letter says "my local time", never Eastern).
 */
describe("the zone of a contact-preference letter's times", { timeout: 180_000 }, () => {
  let service: TestService;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), "letter-zone-"));

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new contact-preference draft, from the Resolve form; its page is open. */
  async function newDraft(person: PersonInBrowser): Promise<void> {
    const { page } = person;
    await person.open("/resolve");
    await page.getByLabel("What do you want to ask?").selectOption("contact_preference");
    await page.getByLabel("Who is it to?").fill("Bayside Collections");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await page.waitForURL(/\/drafts\/[^/]+$/);
  }

  /** The times sentence of the letter's PDF, as the page's PDF link downloads it. */
  async function pdfSentence(person: PersonInBrowser): Promise<string> {
    const href = await person.page.getByRole("link", { name: "Download the letter as a PDF" }).getAttribute("href");
    const download = await person.page.request.get(new URL(href!, service.baseUrl).href);
    expect(download.status()).toBe(200);
    const path = join(dir, `letter-${Date.now()}.pdf`);
    writeFileSync(path, await download.body());
    const text = execFileSync(PDFTOTEXT, ["-enc", "UTF-8", path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    return TIMES_SENTENCE.exec(text)?.[0] ?? text;
  }

  const sentenceOf = (text: string) => TIMES_SENTENCE.exec(text.replace(/\s+/g, " "))?.[0] ?? text;

  it("with JavaScript: the form chooses the browser's zone and says so; page, copy and PDF all say Pacific", async () => {
    const person = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve", LOS_ANGELES);
    const { page } = person;
    await newDraft(person);
    expect(await page.getByLabel(ZONE_LABEL).inputValue()).toBe("America/Los_Angeles");
    expect(await page.locator("[data-browser-zone-for]").textContent()).toBe("Your browser reports Pacific Time (Los Angeles).");

    await page.getByLabel(TIMES_LABEL).fill("before 10 a.m.");
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForURL(/\/letter\?/);
    const shown = sentenceOf((await page.locator("#request-text").textContent()) ?? "");
    expect(shown).toBe("These times are inconvenient for me, so please do not contact me then: before 10 a.m. (Pacific Time).");

    await person.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy the letter" }).click();
    await expect.poll(() => page.locator("[data-copy-status]").last().textContent()).toBe("Copied.");
    expect(sentenceOf(await page.evaluate(() => navigator.clipboard.readText()))).toBe(shown);
    expect(await pdfSentence(person)).toBe(shown);
    // What was chosen stays chosen after the letter is made.
    expect(await page.getByLabel(ZONE_LABEL).inputValue()).toBe("America/Los_Angeles");
    expect(person.errors()).toEqual([]);

    // The same in Spanish on a phone: the field, the note beside it and the letter name the zone in Spanish.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.locator('.language-switch a[hreflang="es"]').click();
    await page.waitForURL(/\/letter\?/);
    await page.locator('input[name="letterLanguage"][value="es"]').check();
    await page.locator("form.letter-language button").click();
    await page.waitForURL(/letterLanguage=es/);
    expect(await page.getByLabel("Zona horaria de esos horarios").inputValue()).toBe("America/Los_Angeles");
    expect(await page.locator("[data-browser-zone-for]").textContent()).toBe("Su navegador indica esta zona: hora del Pacífico (Los Angeles).");
    const spanish = ((await page.locator("#request-text").textContent()) ?? "").replace(/\s+/g, " ");
    expect(spanish).toContain("así que les pido que no se comuniquen conmigo en ellos: before 10 a.m. (hora del Pacífico).");
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    if (SCREENSHOTS_WANTED) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, "letter-zone-spanish.phone.png"), fullPage: true });
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.screenshot({ path: join(SCREENSHOT_DIR, "letter-zone-spanish.desktop.png"), fullPage: true });
    }
    await person.context.close();
  });

  it("without JavaScript: nothing is chosen for the person, nothing says Eastern, and the zone they choose is the letter's", async () => {
    const person = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve", { ...LOS_ANGELES, javaScriptEnabled: false });
    const { page } = person;
    await newDraft(person);
    expect(await page.getByLabel(ZONE_LABEL).inputValue()).toBe("");
    expect(await page.locator("#letter-zone-hint").textContent()).toContain("If you choose none, it says “my local time”.");
    if (SCREENSHOTS_WANTED) {
      await page.setViewportSize(VIEWPORTS.phone);
      await page.screenshot({ path: join(SCREENSHOT_DIR, "letter-zone-no-javascript.phone.png"), fullPage: true });
    }

    // Times without a zone: the letter says they are the person's local time, not the service's default zone.
    await page.getByLabel(TIMES_LABEL).fill("before 10 a.m.");
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForURL(/\/letter\?/);
    const unzoned = sentenceOf((await page.locator("#request-text").textContent()) ?? "");
    expect(unzoned).toBe("These times are inconvenient for me, so please do not contact me then: before 10 a.m. (my local time).");
    expect(await pdfSentence(person)).toBe(unzoned);
    expect(await page.locator("#request-text").textContent()).not.toContain("Eastern");

    await page.getByLabel(ZONE_LABEL).selectOption("America/Los_Angeles");
    await page.getByRole("button", { name: "Update the letter" }).click();
    await page.waitForURL(/zone=America%2FLos_Angeles/);
    // Without JavaScript the text to copy is the letter as the page shows it.
    const shown = sentenceOf((await page.locator("#request-text").textContent()) ?? "");
    expect(shown).toBe("These times are inconvenient for me, so please do not contact me then: before 10 a.m. (Pacific Time).");
    expect(await pdfSentence(person)).toBe(shown);
    await person.context.close();
  });
});
