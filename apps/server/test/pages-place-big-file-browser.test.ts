import { TEST_DIALECTS } from "@connector/store/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeskWithOwner } from "./support/desk-users.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Issue 39, item 5: a CSV file bigger than one request (spec §8: 64 KiB) placed from the place
 * screen. The script sends it in parts of at most 64 KiB with its progress shown, the whole file is
 * previewed once and placed on one confirmation; an empty file, a wrong header and a file past the
 * largest each say so with a way back to Place accounts. In headless Chromium at 390 and 1280 px, axe on every page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HEADER = "reference,name,amount,currency,creditor\n";
/** The largest file the service takes: 100,000 accounts, under 10 MiB. */
const ROWS = 100_000;

/** A point a test holds something at (a request) until it opens it; `reached` once something waits there. */
function gate() {
  let open = () => {};
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  return { held, open, reached, arrived };
}

/** `count` accounts as a Desk exports them: about 100 bytes a row, so 100,000 rows are about 10 MB. */
function bigCsv(count: number): string {
  const rows: string[] = [HEADER.trimEnd()];
  for (let index = 1; index <= count; index++) {
    const reference = `BIG-${String(index).padStart(6, "0")}`;
    rows.push(`${reference},Account Holder Number ${index} Example,"$${1 + (index % 9)},${String(index % 1000).padStart(3, "0")}.50",USD,Northwind Card Services Bank Holdings`);
  }
  return `${rows.join("\n")}\n`;
}

describe.each(TEST_DIALECTS)("a big CSV file on the place screen, on %s", { timeout: 300_000 }, (dialect) => {
  let service: TestService;
  let person: PersonInBrowser;
  let deskId: string;

  beforeAll(async () => {
    service = await startTestService(dialect);
    const desk = await createDeskWithOwner(service, "creditor", `Big File Credit ${dialect}`);
    deskId = desk.deskId;
    // Automatic Account Workflow off for this Desk: 100,000 queued runs would keep the job engine (and one
    // SQLite connection) busy for minutes after placing; what this file tests ends at the placing.
    await service.service.database.db.updateTable("desks").set({ account_workflow_enabled: 0 }).where("id", "=", deskId).execute();
    person = await signInAt(browser, service.baseUrl, desk.user, "/desk/place");
    await person.page.getByRole("button", { name: "I accept the Desk agreement" }).click();
    await person.page.waitForURL((url) => url.searchParams.get("done") === "accepted");
  });
  afterAll(async () => {
    await person?.context.close();
    await service?.close();
  });

  const placedCount = async () =>
    Number(
      (
        await service.service.database.db
          .selectFrom("accounts")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("desk_id", "=", deskId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  async function chooseFile(name: string, body: Buffer) {
    await person.open("/desk/place");
    const form = person.page.getByRole("form", { name: "Place accounts from a CSV file" });
    await form.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: body });
    return form;
  }

  it("sends 100,000 accounts (under 10 MiB, the largest file) in parts of 64 KiB with the progress shown, previews them once, and places them as a job whose progress moves on its page", async () => {
    const { page } = person;
    const csv = Buffer.from(bigCsv(ROWS));
    expect(csv.length).toBeGreaterThan(10_000_000);
    expect(csv.length).toBeLessThan(10 * 1024 * 1024);
    const parts = Math.ceil(csv.length / 65_536);

    // Every part the browser sends, as the server received it: at most 64 KiB each.
    const sizes: number[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/chunks/")) sizes.push(request.postDataBuffer()?.length ?? 0);
    });
    // Part 40 is held back until the page's progress has been looked at (the upload is otherwise too quick to see).
    const part40 = gate();
    await page.route(/\/chunks\/40$/, async (route) => {
      await part40.held;
      await route.continue();
    });

    const form = await chooseFile("accounts-100000.csv", csv);
    await form.getByRole("button", { name: "Preview" }).click();
    const shown = form.locator("[data-upload-shown]");
    await expect.poll(() => shown.textContent(), { timeout: 60_000 }).toContain(`(part 40 of ${parts})`);
    expect(await shown.textContent()).toBe(`Sent 2.5 MB of ${(csv.length / 1024 / 1024).toFixed(1)} MB (part 40 of ${parts}).`);
    expect(Number(await form.locator("progress").getAttribute("value"))).toBe(40 * 65_536);
    expect(await form.getByRole("button", { name: "Preview" }).isDisabled()).toBe(true);
    expect(await placedCount()).toBe(0);
    await person.inspect(`place-big-file-progress-${dialect}`);
    part40.open();

    // The whole file checked: one preview, nothing saved yet.
    await page.waitForURL(/\/desk\/place\/uploads\//, { timeout: 120_000 });
    await page.getByRole("heading", { name: "Check the file before placing it" }).waitFor();
    await page.unroute(/\/chunks\/40$/);
    expect(sizes).toHaveLength(parts);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(65_536);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(csv.length);
    expect(await person.text()).toContain("100,000 accounts can be placed on your Desk. Nothing is saved yet.");
    expect(await page.getByRole("table", { name: "The first 20 of 100,000 accounts, as they would be saved" }).textContent()).toContain("BIG-000001");
    expect(await placedCount()).toBe(0);
    await person.inspect(`place-big-file-preview-${dialect}`);

    // Placing is a job: the confirmation answers at once with the job's page, whose script reads
    // the job again every second or two. Its reads can be held, so the page is looked at mid-way.
    const previewPath = new URL(page.url()).pathname;
    let polls = gate();
    polls.open();
    await page.route(/\/api\/v1\/placements\/jobs\//, async (route) => {
      polls.arrived();
      await polls.held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Place 100,000 accounts" }).click();
    await page.waitForURL(/\/desk\/place\/jobs\//, { timeout: 30_000 });
    const jobPath = new URL(page.url()).pathname;
    const said: string[] = [];
    const now = page.locator("[data-job-now]");
    const bar = page.getByRole("progressbar");
    // What the page says while the file is checked and saved, until it says a part is done (the progress moved).
    const moving = /^(Checked|Saved) ([\d,]+) of 100,000 accounts\./;
    await expect
      .poll(
        async () => {
          const text = (await now.textContent({ timeout: 5_000 }).catch(() => null)) ?? "";
          if (said.at(-1) !== text) said.push(text);
          const match = moving.exec(text);
          const moved = match !== null && Number(match[2]!.replaceAll(",", "")) > 0;
          // Its next read (a second or so away) is held: the page stays as it is while it is looked at.
          if (moved) polls = gate();
          return moved;
        },
        { timeout: 120_000, intervals: [100] },
      )
      .toBe(true);
    await polls.reached;
    const midway = (await now.textContent()) ?? "";
    expect(midway).toMatch(moving);
    expect(Number(await bar.getAttribute("value"))).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute("max"))).toBe(ROWS);
    expect(await person.text()).toContain("nobody is contacted and no money moves");
    await person.inspect(`place-big-file-job-${dialect}`);
    polls.open();

    // The end: the page loads again with the result.
    await page.getByRole("heading", { name: "100,000 accounts placed" }).waitFor({ timeout: 180_000 });
    expect(new URL(page.url()).pathname).toBe(jobPath);
    expect(said.filter((text) => moving.test(text)).length).toBeGreaterThan(0);
    expect(await person.text()).toContain("Nobody was contacted and no money moved.");
    expect(await placedCount()).toBe(ROWS);
    await person.inspect(`place-big-file-placed-${dialect}`);
    await page.unroute(/\/api\/v1\/placements\/jobs\//);

    // The file is gone once placed: its preview again (the back button, a bookmark) places nothing and leads back.
    expect(await person.open(previewPath)).toBe(404);
    expect(await person.text()).toContain("This file is no longer here");
    expect(await page.getByRole("link", { name: "Back to Place accounts" }).getAttribute("href")).toBe("/desk/place#place-file");
    expect(await placedCount()).toBe(ROWS);
    await person.inspect(`place-big-file-gone-${dialect}`);
    expect(person.errors()).toEqual([]);
  });

  it("an empty file says it is empty, and a wrong header says which columns, on Place accounts itself", async () => {
    const { page } = person;
    let form = await chooseFile("empty.csv", Buffer.alloc(0));
    await form.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("alert").filter({ hasText: "The file is empty" }).waitFor();
    expect(await person.text()).not.toContain("has a header row but no accounts");
    // The way back is where the person is: the CSV form, right under the message.
    expect(await page.getByRole("form", { name: "Place accounts from a CSV file" }).count()).toBe(1);
    await person.inspect(`place-big-file-empty-${dialect}`);

    form = await chooseFile("header-only.csv", Buffer.from(HEADER));
    await form.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("alert").filter({ hasText: "The file has a header row but no accounts under it." }).waitFor();

    form = await chooseFile("wrong-header.csv", Buffer.from("ref,holder,balance\nA-1,Ada,12\n"));
    await form.getByRole("button", { name: "Preview" }).click();
    const alert = await page.getByRole("alert").textContent();
    expect(alert).toContain("The first row must be the header, naming the columns: reference, name, amount, currency, creditor");
    expect(await page.getByRole("form", { name: "Place accounts from a CSV file" }).count()).toBe(1);
    await person.inspect(`place-big-file-wrong-header-${dialect}`);
    expect(await placedCount()).toBe(ROWS);
  });

  it("a file past 10 MB is refused before a part is sent, with a way to choose another", async () => {
    const { page } = person;
    const form = await chooseFile("too-big.csv", Buffer.alloc(10 * 1024 * 1024 + 1, "a"));
    await form.getByRole("button", { name: "Preview" }).click();
    const problem = page.getByRole("alert").filter({ hasText: "The file was not sent" });
    await problem.waitFor();
    expect(await problem.textContent()).toContain("The file is larger than 10 MB, the largest one file may be.");
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-upload-problem"))).toBe(true);
    expect(await form.getByRole("button", { name: "Preview" }).isDisabled()).toBe(false);
    await person.inspect(`place-big-file-too-large-${dialect}`);
    await problem.getByRole("link", { name: "Choose the file again" }).click();
    expect(new URL(page.url()).hash).toBe("#place-file");
    expect(person.errors()).toEqual([]);
  });

  it("without JavaScript a file past 64 KB is refused (413) with a way back to the form", async () => {
    // The same person, signed in, in a browser with JavaScript off: the form posts the file itself.
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await person.context.storageState() });
    try {
      const page = await context.newPage();
      await page.goto(`${service.baseUrl}/desk/place`);
      const form = page.getByRole("form", { name: "Place accounts from a CSV file" });
      await form.getByLabel("CSV file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(bigCsv(1000)) });
      const [answer] = await Promise.all([page.waitForResponse((response) => response.url().endsWith("/desk/place/preview")), form.getByRole("button", { name: "Preview" }).click()]);
      expect(answer.status()).toBe(413);
      await page.waitForLoadState();
      expect(await page.locator("main").textContent()).toContain("the most this form can send without JavaScript");
      await page.getByRole("link", { name: "Go back to the form" }).click();
      await page.waitForURL((url) => url.pathname === "/desk/place");
    } finally {
      await context.close();
    }
  });
});
