import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BrowserSession, giveConsent, launchChromium } from "@connector/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserBundle } from "./support/browser-bundle.js";
import { DEMO_USERS, type SdkService, startSdkService } from "./support/sdk-service.js";

let service: SdkService;
let browser: Browser;
let appServer: Server;
let appOrigin: string;

beforeAll(async () => {
  service = await startSdkService();
  browser = await launchChromium();
  // A browser app's own server on loopback, on another port: another origin than the service's.
  const page = `<!doctype html><title>A browser app</title><script>${await browserBundle("index.js")}</script>`;
  appServer = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page));
  await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve));
  appOrigin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => appServer?.close(resolve));
  await service?.close();
});

/**
 * The browser app's page, with the SDK bundled in as an app's bundler would: every call it makes to
 * the service is cross-origin and goes through Chromium's CORS checks.
 */
async function openAppPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${appOrigin}/app`);
  return { page, close: () => context.close() };
}

describe("the client SDK in a page on another origin (CORS)", () => {
  it("discovers, registers, exchanges the code, calls tools, reads error headers and revokes, all cross-origin", async () => {
    const { page, close } = await openAppPage();
    try {
      const pageOrigin = await page.evaluate(() => (globalThis as any).location.origin);
      expect(pageOrigin).not.toBe(new URL(service.baseUrl).origin);

      // Metadata and registration (RFC 8414, RFC 9728, RFC 7591) from the page.
      const authorizationUrl = await page.evaluate(async (baseUrl) => {
        const { ConnectorAuth } = (globalThis as any).ConnectorSDK;
        const auth = new ConnectorAuth({ baseUrl, workspace: "desk", redirectUri: "http://127.0.0.1:1/callback", clientName: "Browser app" });
        (globalThis as any).auth = auth;
        return (await auth.authorizationUrl()).href as string;
      }, service.baseUrl);

      // The person's part, on the service's own pages.
      const session = new BrowserSession(service.baseUrl);
      await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
      const callback = await giveConsent(session, new URL(authorizationUrl));

      const outcome = await page.evaluate(
        async ({ baseUrl, callbackUrl }) => {
          const { ConnectorClient, isConnectorError } = (globalThis as any).ConnectorSDK;
          const auth = (globalThis as any).auth;
          await auth.handleCallback(new URL(callbackUrl)); // the token endpoint
          const client = new ConnectorClient({ baseUrl, auth });
          const listed = await client.desk.listAccounts({ limit: 2 }); // a preflighted POST with Authorization
          const missing = await client.desk.getCaseStatus({ accountId: "0190c3a4-7e3b-7a10-8d2e-5b9c1f0a7e21" }).catch((error: unknown) => error);
          const result = {
            accounts: listed.accounts.length,
            notFound: isConnectorError(missing, "not_found"),
            // Readable only because the service exposes them to other origins.
            requestId: missing.requestId as string | undefined,
            rateLimit: missing.headers.get("ratelimit") as string | null,
          };
          const accessToken = (await auth.store.read()).tokens.accessToken;
          await auth.revoke(); // the revocation endpoint
          const revoked = new ConnectorClient({ baseUrl, auth: accessToken });
          const afterRevoke = await revoked.desk.capabilities().catch((error: unknown) => error);
          return { ...result, afterRevoke: { status: afterRevoke.status, challenge: afterRevoke.headers?.get("www-authenticate") ?? null } };
        },
        { baseUrl: service.baseUrl, callbackUrl: callback.href },
      );
      expect(outcome.accounts).toBe(2);
      expect(outcome.notFound).toBe(true);
      expect(outcome.requestId).toMatch(/^\S+$/);
      expect(outcome.rateLimit).toMatch(/^"per-grant";r=\d+;t=\d+$/);
      expect(outcome.afterRevoke.status).toBe(401);
      expect(outcome.afterRevoke.challenge).toContain("resource_metadata=");
    } finally {
      await close();
    }
  });

  it("opens nothing a cookie authenticates, and MCP keeps its Origin check", async () => {
    const { page, close } = await openAppPage();
    try {
      const blocked = await page.evaluate(async (baseUrl) => {
        const attempt = (path: string, init: RequestInit) =>
          fetch(`${baseUrl}${path}`, { credentials: "include", ...init }).then(
            (response) => `read ${response.status}`,
            () => "blocked",
          );
        return {
          apiV1: await attempt("/api/v1/me", {}),
          apiV1Post: await attempt("/api/v1/placements", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
          connections: await attempt("/connections", {}),
          mcp: await attempt("/mcp/desk", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
        };
      }, service.baseUrl);
      expect(blocked).toEqual({ apiV1: "blocked", apiV1Post: "blocked", connections: "blocked", mcp: "blocked" });
    } finally {
      await close();
    }

    // What the browser saw, over plain HTTP: no CORS grant on cookie routes, 403 at MCP for a foreign Origin.
    const foreign = "http://localhost:1";
    const preflight = (path: string) =>
      fetch(`${service.baseUrl}${path}`, {
        method: "OPTIONS",
        headers: { origin: foreign, "access-control-request-method": "POST", "access-control-request-headers": "content-type, authorization" },
      });
    for (const path of ["/api/v1/placements", "/signin", "/oauth/authorize"]) {
      expect((await preflight(path)).headers.get("access-control-allow-origin"), path).toBeNull();
    }
    const mcp = await preflight("/mcp/desk");
    expect(mcp.status).toBe(403);
    expect(((await mcp.json()) as any).error.code).toBe("forbidden_origin");
    const tools = await preflight("/api/connectors/v1/desk/tools/list_accounts");
    expect(tools.status).toBe(204);
    expect(tools.headers.get("access-control-allow-origin")).toBe("*");
    expect(tools.headers.get("access-control-allow-credentials")).toBeNull();
    expect(tools.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
  });
});
