import { mkdirSync } from "node:fs";
import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { checkAccessibility, launchChromium, watchPageErrors } from "@connector/testkit";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcp, connectMcpModern } from "./support/tool-callers.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Issue 41: each MCP Apps card, in headless Chromium, driven by the extension's own host library
 * (AppBridge, running here in Node over a postMessage relay in a host page) with a real tool result
 * from the real server over the MCP SDK's client and a real OAuth token.
 */

/** A name with what a person or agent might type: markup, a right-to-left override and a zero-width space. */
const TRICKY_TITLE = "March <b>placements</b> \u202Egnp.exe\u202C \u200Bend";
const CARD_WIDTHS = { narrow: 360, wide: 720 } as const;
/** Where screenshots go when asked for (`CARD_SCREENSHOTS=/tmp/cards`). */
const SHOTS = process.env.CARD_SCREENSHOTS;

/**
 * The host page: the policy MCP Apps tells hosts to build when a card declares no domain (spec,
 * "Host Behavior"), and an iframe sandboxed without same-origin, as hosts render Views. Its script
 * only relays messages between the card and AppBridge (in Node).
 */
const HOST_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'self'";
const HOST_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test host</title></head><body>
<main><h1>Test host</h1><iframe id="card" title="Card" sandbox="allow-scripts" style="border:1px solid #ccc;width:360px;height:600px"></iframe></main>
<script>
  const frame = document.getElementById("card");
  window.addEventListener("message", (event) => { if (event.source === frame.contentWindow) window.toHost(event.data); });
  window.toView = (message) => frame.contentWindow.postMessage(message, "*");
</script></body></html>`;

interface ShownCard {
  frame: Frame;
  opened: string[];
  errors: () => string[];
}

let service: TestService;
let browser: Browser;
let desk: ClientV2;
let resolve: ClientV2;

beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
  browser = await launchChromium();
  desk = await connectMcpModern(service.baseUrl, "desk", (await service.connect({ workspace: "desk" })).accessToken);
  resolve = await connectMcpModern(service.baseUrl, "resolve", (await service.connect({ workspace: "resolve" })).accessToken);
  if (SHOTS !== undefined) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await desk?.close();
  await resolve?.close();
  await browser?.close();
  await service?.close();
});

/** The card a tool declares, read as a host reads it: the tool's `_meta.ui.resourceUri`, then `resources/read`. */
async function cardOf(client: ClientV2, toolName: string) {
  const { tools } = await client.listTools();
  const tool = tools.find((entry) => entry.name === toolName)!;
  const uri = (tool._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri;
  expect(uri, toolName).toMatch(/^ui:\/\/connector\//);
  const { contents } = await client.readResource({ uri: uri! });
  const [content] = contents as Array<{ uri: string; mimeType: string; text: string; _meta: any }>;
  expect(content!.mimeType).toBe("text/html;profile=mcp-app");
  expect(content!._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
  // Nothing outside the document: no address to load a script, style, image or frame from.
  expect(content!.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img|<iframe|https?:\/\/(?!connector)[^"' ]*\.(js|css)/);
  return { tool, html: content!.text };
}

/** A page hosting `html` through AppBridge, given `result` as the host would after the call. */
async function showCard(html: string, tool: { name: string; inputSchema: unknown }, args: Record<string, unknown>, result: any): Promise<ShownCard> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await context.route("http://host.test/", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", headers: { "content-security-policy": HOST_POLICY }, body: HOST_PAGE }),
  );
  const transport = relayTransport(page);
  await page.exposeFunction("toHost", (message: JSONRPCMessage) => transport.onmessage?.(message));
  await page.goto("http://host.test/");
  const opened: string[] = [];
  // No MCP client: the card needs nothing from the server beyond the result it is handed.
  const bridge = new AppBridge(null, { name: "test-host", version: "1.0.0" }, { openLinks: {} }, { hostContext: { theme: "light", displayMode: "inline" } });
  bridge.onopenlink = async ({ url }) => {
    opened.push(url);
    return {};
  };
  const ready = new Promise<void>((done) => {
    bridge.oninitialized = () => {
      void bridge.sendToolInput({ arguments: args }).then(() => bridge.sendToolResult(result)).then(() => done());
    };
  });
  await bridge.connect(transport);
  await page.evaluate((text) => {
    (document.getElementById("card") as HTMLIFrameElement).srcdoc = text;
  }, html);
  await ready;
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  await frame.waitForSelector("[data-card-body]:not([hidden])", { timeout: 10_000 }).catch((error: unknown) => {
    throw new Error(`The ${tool.name} card showed nothing: ${errors().join("; ") || String(error)}`);
  });
  return { frame, opened, errors };
}

/** AppBridge's side of the postMessage relay: what it sends goes into the page, what the card posts comes back. */
function relayTransport(page: Page): Transport {
  const transport: Transport = {
    async start() {},
    async close() {},
    async send(message) {
      await page.evaluate((relayed) => (window as unknown as { toView(message: unknown): void }).toView(relayed), message as unknown);
    },
  };
  return transport;
}

/** Every control a person could operate in the card. */
const CONTROLS = "a[href], button, input, select, textarea, [role=button], [tabindex], form";

/** axe at each width a chat column gives a card; with CARD_SCREENSHOTS, one picture per width. */
async function inspectCard(shown: ShownCard, name: string): Promise<void> {
  const page = shown.frame.page();
  for (const [label, width] of Object.entries(CARD_WIDTHS)) {
    await page.setViewportSize({ width: width + 80, height: 900 });
    const card = (size: { width?: string; height?: string }) =>
      page.evaluate((style) => Object.assign((document.getElementById("card") as HTMLIFrameElement).style, style), size);
    // As hosts do with size-changed: the width is the column's, the height the card's own at that width.
    await card({ width: `${width}px`, height: "100px" });
    await card({ height: `${await shown.frame.evaluate(() => document.documentElement.scrollHeight)}px` });
    await checkAccessibility(shown.frame);
    if (SHOTS !== undefined) await (await shown.frame.frameElement()).screenshot({ path: `${SHOTS}/${name}.${label}.png` });
  }
  expect(shown.errors()).toEqual([]);
}

/** Checks the card's one kind of control opens `url` through the host (ui/open-link), and nothing else is operable. */
async function expectOnlyLinksTo(shown: ShownCard, urls: string[]): Promise<void> {
  const controls = shown.frame.locator(CONTROLS);
  expect(await controls.count()).toBe(urls.length);
  for (const [index, url] of urls.entries()) {
    expect(await controls.nth(index).getAttribute("href")).toBe(url);
    await controls.nth(index).click();
  }
  await expect.poll(() => shown.opened).toEqual(urls);
}

describe("MCP Apps cards", () => {
  it("shows a saved placement draft: what structuredContent holds, names isolated, one link to reviewUrl", async () => {
    const { tool, html } = await cardOf(desk, "create_placement_draft");
    const args = {
      title: TRICKY_TITLE,
      accounts: [
        { reference: "CARD-1", name: "Sam Doe", amount: 1250.5, currency: "USD" },
        { reference: "CARD-1", name: "Sam Doe", amount: 1250.5, currency: "USD" },
        // The demo Desk placed this one already.
        { reference: "HRP-000123", name: "Ada Placed", amount: 80, currency: "USD" },
      ],
      idempotencyKey: "card-placement-draft-0001",
    };
    const result = await desk.callTool({ name: "create_placement_draft", arguments: args });
    const content = result.structuredContent as any;
    const shown = await showCard(html, tool, args, result);
    const body = shown.frame.locator("[data-card-body]");
    // The title exactly as typed, as text inside one <bdi> (no <b> element made of it).
    expect(await body.locator("h1 bdi").textContent()).toBe(content.draft.title);
    expect(await body.locator("b").count()).toBe(0);
    const text = (await body.textContent())!;
    expect(text).toContain("Placement draft of 3 accounts.");
    expect(text).toContain("Awaiting review");
    expect(text).toContain(content.draft.draftId);
    expect(text).toContain(content.notice);
    // The accounts as saved (no holder's name) and what approval would refuse, as structuredContent has them.
    expect(content.accounts).toEqual(args.accounts.map(({ reference, amount, currency }) => ({ reference, amount, currency })));
    expect(content.problems).toEqual([
      { reference: "CARD-1", reason: "repeated" },
      { reference: "HRP-000123", reason: "already_placed" },
    ]);
    const rows = body.locator("table tbody tr");
    expect(await rows.count()).toBe(3);
    expect(await rows.first().locator("td").allTextContents()).toEqual(["CARD-1", "$1,250.50"]);
    expect(text).not.toContain("Sam Doe");
    const problems = await body.locator(".notice.warn li").allTextContents();
    expect(problems).toEqual(["CARD-1: appears more than once in this draft", "HRP-000123: already placed on this Desk"]);
    // The pages' own words: nothing on the card sends, pays or accepts.
    expect(await shown.frame.locator(".notice-title", { hasText: "Nothing here is sent or paid" }).count()).toBe(1);
    await inspectCard(shown, "placement-draft");
    await expectOnlyLinksTo(shown, [content.reviewUrl]);
  });

  it("lists the connection's placement drafts, each linking to its review page", async () => {
    const { tool, html } = await cardOf(desk, "list_placement_drafts");
    const result = await desk.callTool({ name: "list_placement_drafts", arguments: {} });
    const { drafts } = result.structuredContent as any;
    expect(drafts.length).toBeGreaterThan(0);
    const shown = await showCard(html, tool, {}, result);
    const rows = shown.frame.locator("tbody tr");
    expect(await rows.count()).toBe(drafts.length);
    expect(await rows.first().locator("bdi").textContent()).toBe(drafts[0].title);
    await inspectCard(shown, "placement-drafts-list");
    await expectOnlyLinksTo(
      shown,
      drafts.map((draft: any) => `${service.baseUrl}/drafts/${draft.draftId}`),
    );
  });

  it("shows a request draft: its recipient, reference, channel and status, with a link to its letter", async () => {
    const { tool, html } = await cardOf(resolve, "create_consumer_request_draft");
    const args = { kind: "documents", recipient: "Harbor \u2067Recovery\u2069 LLC", reference: "HRP-000123", channel: "mail", idempotencyKey: "card-request-draft-0001" };
    const result = await resolve.callTool({ name: "create_consumer_request_draft", arguments: args });
    const { draft, letter, notice } = result.structuredContent as any;
    const shown = await showCard(html, tool, args, result);
    const body = shown.frame.locator("[data-card-body]");
    expect(await body.locator("h1 bdi").textContent()).toBe(draft.recipient);
    // The letter as it will read, exactly the tool's text, its places to fill in left bracketed.
    expect(await body.locator(".letter").textContent()).toBe(letter);
    // What was typed is isolated wherever the letter quotes it, so an override cannot turn its line around (issue 51).
    expect(new Set(await body.locator(".letter bdi").allTextContents())).toEqual(new Set([draft.recipient, draft.reference]));
    expect(letter).toContain("HRP-000123");
    expect(letter).toMatch(/\[[^\]]+\]/);
    const text = (await body.textContent())!;
    expect(text).toContain("Request for documents to");
    expect(text).toContain("by mail");
    expect(text).toContain(draft.reference);
    expect(text).toContain(notice);
    await inspectCard(shown, "request-draft");
    await expectOnlyLinksTo(shown, [`${service.baseUrl}/drafts/${draft.draftId}`]);
    const listed = await resolve.callTool({ name: "list_consumer_requests", arguments: {} });
    const list = await showCard((await cardOf(resolve, "list_consumer_requests")).html, tool, {}, listed);
    expect(await list.frame.locator("tbody tr").count()).toBe((listed.structuredContent as any).requests.length);
    await inspectCard(list, "request-drafts-list");
  });

  it("shows an approved offer verbatim, with the day to act by in the reader's zone", async () => {
    const { tool, html } = await cardOf(resolve, "relay_approved_offer");
    const args = { reference: "HRP-000123" };
    const result = await resolve.callTool({ name: "relay_approved_offer", arguments: args });
    const { offer, notice } = result.structuredContent as any;
    const shown = await showCard(html, tool, args, result);
    expect(await shown.frame.locator("#offer-terms").textContent()).toBe(offer.terms);
    const actBy = shown.frame.locator('time[data-local-time="act-by"]');
    expect(await actBy.getAttribute("datetime")).toBe(new Date(offer.expiresAt).toISOString());
    // Rewritten by the pages' time script in the browser's zone: a weekday, not the ISO string.
    expect(await actBy.textContent()).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /);
    expect(await shown.frame.locator("[data-time-zone-name]").textContent()).toMatch(/\(.+\/.+\)|\(UTC\)/);
    expect(await shown.frame.locator("[data-card-body]").textContent()).toContain(notice);
    await inspectCard(shown, "approved-offer");
    await expectOnlyLinksTo(shown, [offer.reviewUrl]);
  });

  it("shows the tool's error as nothing to show, and offers no control", async () => {
    const { tool, html } = await cardOf(resolve, "relay_approved_offer");
    const result = await resolve.callTool({ name: "relay_approved_offer", arguments: { reference: "NO-SUCH-REF" } });
    expect(result.isError).toBe(true);
    const shown = await showCard(html, tool, {}, result);
    expect(await shown.frame.locator("[data-card-body]").textContent()).toContain("did not return anything to show");
    await expectOnlyLinksTo(shown, []);
  });
});

describe("clients without the extension", () => {
  it("get the same answers: the result's text is the structured content, and nothing else is added", async () => {
    const client = await connectMcp(service.baseUrl, "desk", (await service.connect({ workspace: "desk" })).accessToken);
    try {
      const result = await client.callTool({ name: "list_placement_drafts", arguments: {} });
      expect(Object.keys(result).sort()).toEqual(["content", "structuredContent"]);
      expect(result.content).toEqual([{ type: "text", text: JSON.stringify(result.structuredContent) }]);
    } finally {
      await client.close();
    }
  });

  it("a read-only connection is listed only the tools it may call", async () => {
    const client = await connectMcp(service.baseUrl, "desk", (await service.connect({ workspace: "desk", scopes: ["desk:read"] })).accessToken);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain("list_placement_drafts");
      expect(names).not.toContain("create_placement_draft");
    } finally {
      await client.close();
    }
  });
});
