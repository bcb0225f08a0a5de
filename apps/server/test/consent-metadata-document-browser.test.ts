import { TEST_DIALECTS } from "@connector/store/testing";
import {
  inspectPage,
  launchChromium,
  type MetadataDocumentServer,
  OAuthTestClient,
  serveJson,
  startMetadataDocumentServer,
  watchPageErrors,
} from "@connector/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** The consent page for an app known by its client ID metadata document, as a person sees it in Chromium. */
describe("consent for a client ID metadata document client, in a browser", () => {
  let service: TestService;
  let docs: MetadataDocumentServer;
  let browser: Browser;

  beforeAll(async () => {
    docs = await startMetadataDocumentServer();
    service = await startTestService(TEST_DIALECTS[0]!, {
      clientMetadataDocuments: { allowLoopbackForTests: true, trustedCertificates: [docs.certificate] },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await docs?.close();
  });

  it("names the app by the host it is published on, with its own name as its claim, and allows", async () => {
    const server = { baseUrl: service.baseUrl, callbackUrl: "http://127.0.0.1:1/callback" };
    const clientId = `${docs.origin}/agent/client.json`;
    docs.route("/agent/client.json", serveJson({ client_id: clientId, client_name: "Published Agent", redirect_uris: [server.callbackUrl] }));
    const client = await OAuthTestClient.withMetadataDocument(server, clientId);
    const prepared = await client.prepare({ scope: "desk:read desk:drafts" });
    const page = await (await browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await page.goto(prepared.url.href);
    await page.getByLabel("Email").fill(DEMO_USERS.deskOwner.email);
    await page.getByLabel("Password").fill(DEMO_USERS.deskOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/oauth/authorize");

    const host = new URL(docs.origin).host;
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Allow ${host} to use your Desk workspace?`);
    expect(await page.getByText("calls itself").textContent()).toContain("Published Agent");
    await inspectPage(page, "consent-metadata-document");
    expect(errors()).toEqual([]);

    // The app's callback is never reached here: the Location of the consent answer is what it would get.
    const answer = page.waitForResponse((response) => response.url().endsWith("/oauth/consent"));
    await page.route(`${server.callbackUrl}**`, (route) => route.fulfill({ status: 200, body: "callback reached" }));
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const callback = new URL((await (await answer).headerValue("location"))!);
    const tokens = await client.exchange(client.validateCallback(callback, prepared.state), prepared.verifier);
    expect(tokens.scope).toBe("desk:read desk:drafts");
  });
});
