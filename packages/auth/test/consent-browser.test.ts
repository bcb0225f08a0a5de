import { TEST_DIALECTS } from "@connector/store/testing";
import { launchChromium, OAuthTestClient, oauthError, screenshot } from "@connector/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "./helpers/test-server.js";

/** The sign-in and consent pages as a person uses them (spec §5.1.8), in headless Chromium. */
describe("consent in a browser", () => {
  let server: TestServer;
  let browser: Browser;
  /** A fresh profile per test (its own cookies): nothing carries over from one test to the next. */
  let context: BrowserContext;
  let client: OAuthTestClient;

  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!);
    browser = await launchChromium();
    client = await OAuthTestClient.register(server, { client_name: "Browser Agent" });
  });
  beforeEach(async () => {
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens the authorization URL signed out, is sent to sign in, signs in and lands on the consent page. */
  async function signInToConsent(page: Page, authorizationUrl: URL): Promise<void> {
    await page.goto(authorizationUrl.href);
    expect(new URL(page.url()).pathname).toBe("/signin");
    await page.getByLabel("Email").fill(server.deskOwner.email);
    await page.getByLabel("Password").fill(server.deskOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/oauth/authorize");
  }

  it("signs in, unticks a scope and allows: the token lacks the unticked scope", async () => {
    const prepared = await client.prepare();
    const page = await context.newPage();
    await signInToConsent(page, prepared.url);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Browser Agent");
    // Each box is labelled with what the scope allows, in words; the scope's code is only its value.
    const drafts = page.locator('input[type="checkbox"][value="desk:drafts"]');
    const read = page.locator('input[type="checkbox"][value="desk:read"]');
    expect(await drafts.isChecked()).toBe(true);
    expect(await read.isChecked()).toBe(true);
    await drafts.uncheck();
    await page.getByRole("button", { name: "Allow", exact: true }).click();

    await page.waitForURL((url) => url.href.startsWith(server.callbackUrl));
    const callback = new URL(page.url());
    await page.close();
    const tokens = await client.exchange(client.validateCallback(callback, prepared.state), prepared.verifier);
    expect(tokens.scope).toBe("desk:read");
  });

  it("allows read only as one choice: the token holds the read scope alone, whatever stays ticked", async () => {
    const prepared = await client.prepare();
    const page = await context.newPage();
    await signInToConsent(page, prepared.url);
    const readOnly = page.getByRole("button", { name: "Allow read only" });
    // What the choice leaves, in the tools' own titles, tied to the button for a screen reader.
    const means = await page.locator("#read-only-means").textContent();
    expect(means).toContain("List accounts");
    expect(means).toContain("cannot save drafts");
    expect(means).not.toContain("Save a placement draft");
    expect(await readOnly.getAttribute("aria-describedby")).toBe("read-only-means");
    await screenshot(page, "consent-read-only");
    expect(await page.locator('input[type="checkbox"][value="desk:drafts"]').isChecked()).toBe(true);
    await readOnly.click();

    await page.waitForURL((url) => url.href.startsWith(server.callbackUrl));
    const callback = new URL(page.url());
    await page.close();
    const tokens = await client.exchange(client.validateCallback(callback, prepared.state), prepared.verifier);
    expect(tokens.scope).toBe("desk:read");
  });

  it("denies: the client receives access_denied with its state", async () => {
    const prepared = await client.prepare();
    const page = await context.newPage();
    await signInToConsent(page, prepared.url);
    await page.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL((url) => url.href.startsWith(server.callbackUrl));
    const callback = new URL(page.url());
    await page.close();
    expect(callback.searchParams.get("state")).toBe(prepared.state);
    expect(callback.searchParams.get("iss")).toBe(server.baseUrl);
    expect(await oauthError(Promise.resolve().then(() => client.validateCallback(callback, prepared.state)))).toEqual({
      error: "access_denied",
    });
  });

  it("refuses to render the consent page inside a frame, even on a same-site page", async () => {
    const prepared = await client.prepare();
    const page = await context.newPage();
    await signInToConsent(page, prepared.url);
    // The session cookie exists (signed in just now) and is sent to a same-site frame, so only
    // frame-ancestors / X-Frame-Options stand between the framer and a clickable Allow button.
    // `load` waits for the frame too, whether its document rendered or was blocked.
    await page.goto(`${server.baseUrl}/framer?src=${encodeURIComponent(prepared.url.href)}`, { waitUntil: "load" });
    const frame = await (await page.waitForSelector("#framed")).contentFrame();
    expect(frame).not.toBeNull();
    expect(await frame!.$("button[value=allow]")).toBeNull();
    // Control: the same URL opened directly does show the Allow button.
    await page.goto(prepared.url.href);
    expect(await page.$("button[value=allow]")).not.toBeNull();
    await page.close();
  });
});
