import { inspectPage, OAuthTestClient, VIEWPORTS } from "@connector/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { FRONT_DOOR_OPERATOR, useFrontDoor } from "./support/front-door-fixture.js";

/**
 * Issue 12: the front door, the developer pages, direct sign-in and sign-out, the wrong-account
 * page and the browser 404, in headless Chromium: axe at phone and desktop width on every page (a
 * screenshot of each with `SCREENSHOTS=1`), and no console errors (which include Content-Security-Policy refusals).
 */
const door = useFrontDoor();

async function openPage(path: string): Promise<Page> {
  return door.open(path);
}

async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("the front door", () => {
  it("says what the service is and is not, offers sign-in, and gives developers this deployment's addresses", async () => {
    const page = await openPage("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("your agent prepares, you decide");
    const never = page.getByRole("region", { name: /never does/ });
    for (const sentence of ["never sends messages", "never moves money", "never accepts a settlement", "no legal advice"]) {
      expect(await never.textContent()).toContain(sentence);
    }
    expect(await page.getByRole("link", { name: "Sign in" }).first().getAttribute("href")).toBe("/signin");
    expect(await page.locator("#fact-mcp-desk").textContent()).toBe(`${door.service.baseUrl}/mcp/desk`);
    expect(await page.locator("#fact-mcp-resolve").textContent()).toBe(`${door.service.baseUrl}/mcp/resolve`);
    expect(await page.locator("#fact-rest").textContent()).toBe(`${door.service.baseUrl}/api/connectors/v1`);
    expect(await page.locator("#fact-oauth").textContent()).toBe(`${door.service.baseUrl}/.well-known/oauth-authorization-server`);
    // The OpenAPI links lead to the documents themselves.
    const openApi = await page.getByRole("link", { name: "both workspaces" }).getAttribute("href");
    expect((await (await fetch(openApi!)).json()).info.version).toBe("1.3.0");
    await inspectPage(page, "home");
  });

  it("serves the developer guide v1.3 from the repository's Markdown, with copyable examples for this deployment", async () => {
    const page = await openPage("/developers");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Developer guide v1.3");
    const contents = page.getByRole("navigation", { name: "On this page" });
    for (const section of ["Connect over MCP", "Connect over REST", "Paging", "Idempotency and retries", "Errors", "Limits"]) {
      await contents.getByRole("link", { name: section, exact: true }).click();
      expect(new URL(page.url()).hash).not.toBe("");
    }
    const example = page.locator("pre", { hasText: "/oauth/register" });
    expect(await example.textContent()).toContain(`curl -s ${door.service.baseUrl}/oauth/register`);
    expect(await page.getByRole("button", { name: "Copy example" }).count()).toBeGreaterThan(5);
    await inspectPage(page, "developers");
  });

  it("renders the published OpenAPI documents in the API reference, from this service only", async () => {
    const page = await openPage("/developers/reference");
    // Swagger UI, served by the service, fetched the combined document and lists its operations.
    await page.getByText("/desk/tools/list_accounts").first().waitFor();
    expect(await page.getByText("/resolve/tools/relay_approved_offer").count()).toBeGreaterThan(0);
    await inspectPage(page, "api-reference");
    await page.getByRole("link", { name: "Legacy /api/v1", exact: true }).click();
    await page.getByText("/agreement/accept", { exact: true }).waitFor();
  });
});

describe("signing in and out", () => {
  it("lands a desk owner who signs in directly on a home with somewhere to go, and signs out from any page", async () => {
    const page = await openPage("/signin");
    await inspectPage(page, "signin");
    await signIn(page, DEMO_USERS.deskOwner);
    await page.waitForURL(`${door.service.baseUrl}/`);
    expect(await page.getByRole("heading", { name: `Welcome, ${DEMO_USERS.deskOwner.displayName}` }).count()).toBe(1);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Connections & drafts" }).getAttribute("href")).toBe("/connections");
    expect(await nav.getByRole("link", { name: "Place accounts" }).getAttribute("href")).toBe("/desk/place");
    expect(await nav.getByRole("link", { name: "Resolve" }).count()).toBe(0);
    await inspectPage(page, "home-signed-in");

    // Sign-out sits in the header of every page, the developer guide included.
    await page.goto(`${door.service.baseUrl}/developers`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Signed out" }).waitFor();
    await inspectPage(page, "signed-out");
    await page.goto(`${door.service.baseUrl}/`);
    expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: /Welcome/ }).count()).toBe(0);
  });

  it("offers a consumer Resolve, not the place screen, and no developers' pages", async () => {
    const page = await openPage("/signin");
    await signIn(page, DEMO_USERS.consumer);
    await page.waitForURL(`${door.service.baseUrl}/`);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Resolve" }).getAttribute("href")).toBe("/resolve");
    expect(await nav.getByRole("link", { name: "Place accounts" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Developers" }).count()).toBe(0);
  });

  it("shows someone without a sign-in how to get an account and what to do after a forgotten password (issue 39 item 3)", async () => {
    const page = await openPage("/signin");
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole("link", { name: "No account yet, or forgot your password?" }).click();
    await page.waitForURL(/\/#getting-an-account$/);
    const wayIn = page.getByRole("region", { name: "Getting an account, or back in" });
    const text = (await wayIn.textContent()) ?? "";
    expect(text).toContain("You cannot sign up here");
    expect(text).toContain("Your Desk's owner asks the organisation that runs this service to add you");
    expect(text).toContain("it cannot send you a reset link");
    // Issue 48 item 11: who runs it, and how to reach them, named (OPERATOR_NAME, OPERATOR_CONTACT).
    expect(text).toContain(`This service is run by ${FRONT_DOOR_OPERATOR.name}. They set up accounts and new passwords; you can reach them at ${FRONT_DOOR_OPERATOR.contact}.`);
    // The link lands on it: its heading is in view at phone width.
    expect(await page.getByRole("heading", { name: "Getting an account, or back in" }).evaluate((heading) => heading.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await inspectPage(page, "home-way-in");
  });

  it("tells a Desk owner asked to connect Resolve, and signing in as the consumer ends on consent", async () => {
    const agent = await OAuthTestClient.register(
      { baseUrl: door.service.baseUrl, callbackUrl: door.agentCallback.url },
      { client_name: "Wrong Door Agent" },
    );
    const prepared = await agent.prepare({ scope: "resolve:read resolve:drafts", resource: `${door.service.baseUrl}/mcp/resolve` });
    const page = await openPage("/signin");
    await signIn(page, DEMO_USERS.deskOwner);
    await page.waitForURL(`${door.service.baseUrl}/`);

    door.expectStatus(403);
    await page.goto(prepared.url.href);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("This account cannot connect Resolve");
    expect(await page.getByRole("main").textContent()).toContain("Dana Desk (owner), a Desk account");
    await inspectPage(page, "wrong-account");

    await page.getByRole("button", { name: "Sign in as someone else" }).click();
    await page.waitForURL((url) => url.pathname === "/signin");
    await inspectPage(page, "signin-for-app");
    await signIn(page, DEMO_USERS.consumer);
    await page.waitForURL((url) => url.pathname === "/oauth/authorize");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Allow Wrong Door Agent to use your Resolve workspace?");
    expect(await page.getByRole("checkbox", { name: "Save Resolve drafts for human review" }).isChecked()).toBe(true);
    await inspectPage(page, "consent");

    // Allow: the consent form's answer is a redirect to the agent's origin, which the page's policy lets through.
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(door.agentCallback.url));
    const callback = agent.validateCallback(new URL(page.url()), prepared.state);
    const tokens = await agent.exchange(callback, prepared.verifier, { resource: `${door.service.baseUrl}/mcp/resolve` });
    expect(tokens.scope).toBe("resolve:read resolve:drafts");
  });
});

describe("not found", () => {
  it("shows a browser a page and keeps JSON for API clients", async () => {
    door.expectStatus(404);
    const page = await openPage("/no-such-page");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("There is nothing at this address");
    expect(await page.getByRole("link", { name: "home page" }).getAttribute("href")).toBe("/");
    await inspectPage(page, "not-found");

    const browserLike = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const pageAnswer = await fetch(`${door.service.baseUrl}/no-such-page`, { headers: browserLike });
    expect(pageAnswer.status).toBe(404);
    expect(pageAnswer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // A mangled link the router cannot decode is a page for a browser too, and still JSON for API clients.
    const mangled = await fetch(`${door.service.baseUrl}/drafts/%ff`, { headers: browserLike });
    expect(mangled.status).toBe(400);
    expect(mangled.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await mangled.text()).toContain("There is nothing at this address");
    const mangledForApi = await fetch(`${door.service.baseUrl}/drafts/%ff`, { headers: { accept: "application/json" } });
    expect(mangledForApi.status).toBe(400);
    expect(mangledForApi.headers.get("content-type")).toMatch(/^application\/json/);
    for (const [path, headers] of [
      ["/no-such-page", { accept: "application/json" }],
      ["/no-such-page", {}],
      ["/api/connectors/v1/desk/nothing", browserLike],
      ["/mcp/nothing", browserLike],
    ] as const) {
      const answer = await fetch(`${door.service.baseUrl}${path}`, { headers });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect((await answer.json()).error.code, path).toBe("not_found");
    }
  });
});
