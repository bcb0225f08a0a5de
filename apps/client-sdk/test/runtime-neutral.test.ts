import { launchChromium } from "@connector/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserBundle } from "./support/browser-bundle.js";
import { connectAuth, newAuth, type SdkService, startSdkService } from "./support/sdk-service.js";

let service: SdkService;
let browser: Browser;

beforeAll(async () => {
  service = await startSdkService();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

describe("runtime-neutral: the built package needs nothing of Node", () => {
  it("bundles for the browser with no Node built-in, from the main entry and the MCP entry", async () => {
    for (const entry of ["index.js", "mcp.js"]) {
      const code = await browserBundle(entry);
      expect(code).not.toMatch(/\bnode:/);
      expect(code).not.toMatch(/\brequire\(/);
    }
  });

  it("runs in Chromium: calls tools, checks arguments, and does discovery, registration and PKCE with Web Crypto", async () => {
    const token = (await (await connectAuth(service, newAuth(service, "desk"))).store.read())!.tokens!.accessToken;
    const code = await browserBundle("index.js");
    const context = await browser.newContext();
    const page = await context.newPage();
    // A blank page of the test's on the service's own origin, so the SDK's fetches are same-origin; every
    // other request goes to the real service.
    await page.route(`${service.baseUrl}/sdk-harness`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>SDK harness</title>" }),
    );
    await page.goto(`${service.baseUrl}/sdk-harness`);
    await page.addScriptTag({ content: code });

    const outcome = await page.evaluate(async (accessToken) => {
      const sdk = (globalThis as any).ConnectorSDK;
      const origin: string = (globalThis as any).location.origin;
      const client = new sdk.ConnectorClient({ baseUrl: origin, auth: accessToken });
      const listed = await client.desk.listAccounts({ limit: 3 });
      const invalid = await client.desk.listAccounts({ limit: 500 }).catch((error: unknown) => error);
      const auth = new sdk.ConnectorAuth({ baseUrl: origin, workspace: "desk", redirectUri: "http://127.0.0.1:1/callback" });
      const url = new URL((await auth.authorizationUrl()).href);
      return {
        hasProcess: typeof (globalThis as any).process !== "undefined",
        accounts: listed.accounts.length,
        invalid: { isConnectorError: sdk.isConnectorError(invalid, "invalid_input"), field: invalid.field },
        challenge: url.searchParams.get("code_challenge"),
        method: url.searchParams.get("code_challenge_method"),
        key: sdk.newIdempotencyKey(),
      };
    }, token);
    await context.close();

    expect(outcome.hasProcess).toBe(false);
    expect(outcome.accounts).toBe(3);
    expect(outcome.invalid).toEqual({ isConnectorError: true, field: "limit" });
    expect(outcome.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(outcome.method).toBe("S256");
    expect(outcome.key).toMatch(/^sdk-[0-9a-f-]{36}$/);
  });
});
