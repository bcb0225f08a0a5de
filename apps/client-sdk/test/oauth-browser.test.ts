import { type AgentCallback, launchChromium, startAgentCallback } from "@connector/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthenticationError, ConnectorAuth, ConnectorClient, isConnectorError } from "../src/index.js";
import { clientIdOf, DEMO_USERS, grantFacts, type SdkService, startSdkService } from "./support/sdk-service.js";

let service: SdkService;
let browser: Browser;
let callbackServer: AgentCallback;
let redirectUri: string;
/** Callback URLs the app's redirect endpoint received, in order. */
const callbacks: Array<(url: URL) => void> = [];

beforeAll(async () => {
  service = await startSdkService();
  browser = await launchChromium();
  // The app's own redirect endpoint on loopback, as a desktop or command-line app runs one.
  callbackServer = await startAgentCallback((url) => callbacks.shift()?.(url));
  redirectUri = callbackServer.url;
});
afterAll(async () => {
  await browser?.close();
  await callbackServer?.close();
  await service?.close();
});

function nextCallback(): Promise<URL> {
  return new Promise((resolve) => callbacks.push(resolve));
}

/** The person's part in Chromium: sign in on the service's page, then Allow or Deny on its consent page. */
async function personAnswers(url: URL, decision: "Allow" | "Deny"): Promise<URL> {
  const callback = nextCallback();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url.href);
  await page.getByLabel("Email").fill(DEMO_USERS.deskOwner.email);
  await page.getByLabel("Password").fill(DEMO_USERS.deskOwner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((current) => current.pathname === "/oauth/authorize");
  await page.getByRole("button", { name: decision, exact: true }).click();
  const received = await callback;
  await context.close();
  return received;
}

describe("the whole OAuth flow, the person in Chromium", () => {
  it("discovers, registers, sends the person to consent, checks the callback, exchanges the code, calls, and revokes", async () => {
    const auth = new ConnectorAuth({ baseUrl: service.baseUrl, workspace: "desk", redirectUri, clientName: "SDK example app", now: service.clock.now });
    const url = await auth.authorizationUrl();
    expect(url.origin + url.pathname).toBe(`${service.baseUrl}/oauth/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(16);
    expect(url.searchParams.get("resource")).toBe(`${service.baseUrl}/mcp/desk`);
    expect(url.searchParams.get("scope")).toBe("desk:read desk:drafts");

    const callback = await personAnswers(url, "Allow");
    expect(callback.searchParams.get("iss")).toBe(service.baseUrl);
    await auth.handleCallback(callback);
    expect(await auth.isConnected()).toBe(true);

    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    const { accounts } = await client.desk.listAccounts({ limit: 3 });
    expect(accounts).toHaveLength(3);

    // The same callback again is refused: the authorization it belonged to is finished.
    await expect(auth.handleCallback(callback)).rejects.toMatchObject({ code: "authorization_failed" });

    const oldAccessToken = (await auth.store.read())!.tokens!.accessToken;
    await auth.revoke();
    expect(await grantFacts(service, await clientIdOf(auth))).toMatchObject({ revoked: true });
    // Past the service's one-second cache of verified tokens, the old access token is refused too.
    service.clock.advance(2000);
    const refused = await new ConnectorClient({ baseUrl: service.baseUrl, auth: oldAccessToken }).desk.capabilities().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthenticationError);
  });

  it("a denial reaches the app as access_denied; a callback with another state is refused before any exchange", async () => {
    const auth = new ConnectorAuth({ baseUrl: service.baseUrl, workspace: "desk", redirectUri, now: service.clock.now });
    const denied = await personAnswers(await auth.authorizationUrl(), "Deny");
    const error = await auth.handleCallback(denied).catch((e: unknown) => e);
    expect(isConnectorError(error, "access_denied")).toBe(true);

    const allowed = await personAnswers(await auth.authorizationUrl(), "Allow");
    const forged = new URL(allowed);
    forged.searchParams.set("state", "a-state-this-app-never-issued");
    expect(isConnectorError(await auth.handleCallback(forged).catch((e: unknown) => e), "authorization_failed")).toBe(true);
    const withoutIss = new URL(allowed);
    withoutIss.searchParams.delete("iss");
    expect(isConnectorError(await auth.handleCallback(withoutIss).catch((e: unknown) => e), "authorization_failed")).toBe(true);
    expect(await auth.isConnected()).toBe(false);
    // The genuine callback still works.
    await auth.handleCallback(allowed);
    expect(await auth.isConnected()).toBe(true);
  });
});
