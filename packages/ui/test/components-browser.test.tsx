import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspectPage, launchChromium, watchPageErrors } from "@connector/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CodeBlock,
  CsrfForm,
  EmptyState,
  Field,
  NothingIsSentNotice,
  Pager,
  renderPage,
  sendPage,
  serveAssets,
  StatusBadge,
  Table,
} from "../src/index.js";

/** Every component on one page, as a person sees it: styled, accessible, and working under the strict policy. */
function componentsPage(): string {
  return renderPage({
    title: "Components",
    path: "/connections",
    person: { displayName: "Ann Owner", deskMember: true, consumer: false, signOutToken: "t" },
    children: (
      <>
        <h1>Connections and drafts</h1>
        <NothingIsSentNotice />
        <Table
          caption="Your connections"
          columns={[{ label: "App" }, { label: "Workspace" }, { label: "Status" }]}
          rows={[
            ["Claude Desktop", "Desk", <StatusBadge tone="good">Active</StatusBadge>],
            ["Old agent", "Resolve", <StatusBadge tone="bad">Revoked</StatusBadge>],
          ]}
        />
        <Pager label="Connection pages" next="/connections?cursor=x" />
        <EmptyState title="No drafts yet">
          <p>When a connected agent saves a draft, it appears here for you to review.</p>
        </EmptyState>
        <h2>Request text</h2>
        <CodeBlock id="request-text" text="Please send me the documents for this account." copyLabel="Copy request text" />
        <CsrfForm action="/connections" token="t" label="Name a key">
          <Field name="name" label="Key name" hint="So you can tell your keys apart." error="Give the key a name." />
          <Field kind="select" name="workspace" label="Workspace" options={[{ value: "desk", label: "Desk" }]} />
          <Field kind="textarea" name="note" label="Note" />
          <div class="actions">
            <button class="primary" type="submit">
              Save
            </button>
          </div>
        </CsrfForm>
      </>
    ),
  });
}

describe("the shared components in Chromium", () => {
  let server: Server;
  let baseUrl: string;
  let browser: Browser;
  const assets = serveAssets();

  beforeAll(async () => {
    server = createServer((req, res) => assets(req, res, () => sendPage(res, 200, componentsPage())));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("renders styled, accessible at both widths, with no policy violations, and the copy button copies", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${baseUrl}/connections`);
    // The stylesheet applied: the badge has its colour, not the browser's default.
    const badge = page.getByText("Active", { exact: true });
    expect(await badge.evaluate((element) => getComputedStyle(element).borderRadius)).toBe("999px");
    await inspectPage(page, "ui-components");

    await page.getByRole("button", { name: "Copy request text" }).click();
    await expect.poll(() => page.getByText("Copied.").count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Please send me the documents for this account.");
    expect(errors()).toEqual([]);
    await context.close();
  });

  it("works without JavaScript: the copy button stays hidden, the text is still there", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/connections`);
    expect(await page.getByRole("button", { name: "Copy request text" }).count()).toBe(0);
    expect(await page.locator("#request-text").textContent()).toContain("Please send me the documents");
    await context.close();
  });
});
