import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { dpopKeyPair } from "@connector/testkit";
import { SCOPES } from "@connector/core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { createOtherDeskUser } from "./support/extra-users.js";
import { type PersonInBrowser, signInAt, signInHere, startBrowser, visit } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest, connectMcp } from "./support/tool-callers.js";

const HOUR_MS = 3_600_000;

/**
 * Issue 12: the Desk side of the people's pages in headless Chromium, against the assembled
 * service: a connected agent's trail and drafts, review, approval under the agreement, revocation
 * seen by the agent on REST and MCP, desk keys, CSV placements with their preview, agency invites.
 * Every page is checked with axe at phone and desktop width and photographed.
 */
describe("the Desk's pages in a browser", { timeout: 120_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let owner: PersonInBrowser;
  let accessToken: string;
  let clockOffset = 0;
  const references = ["PAGES-0001", "PAGES-0002"];

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT, { now: () => Date.now() + clockOffset });
    browser = await startBrowser();
    // An agent whose tokens are bound to its DPoP key: its card says only that key can use it. Connected
    // first, so the agent the tests drive is the newest card, listed first.
    await service.connect({ workspace: "desk", dpopKey: await dpopKeyPair() });
    ({ accessToken } = await service.connect({ workspace: "desk" }));
    const draft = await callRest(service.baseUrl, accessToken, "desk", "create_placement_draft", {
      title: "Two accounts from the agent",
      accounts: references.map((reference, index) => ({ reference, name: `Pat Example ${index}`, amount: 120.5 + index, currency: "USD" })),
      idempotencyKey: "pages-browser-draft-0001",
    });
    expect(draft.status).toBe(200);
    expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 1 })).status).toBe(200);
    owner = await signInAt(browser, service.baseUrl, DEMO_USERS.deskOwner, "/connections");
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("shows the connection with its trail and the agent's draft", async () => {
    const text = await owner.text();
    expect(text).toContain(SCOPES["desk:read"].meaning);
    // In people's words (issue 39 item 7): what it did and how it went, never a tool's code.
    // The latest few calls show, the earlier ones fold away (a closed <details>, so read as text).
    const trail = (await owner.page.locator("section.card table").allTextContents()).join(" ");
    expect(trail).toMatch(/Listed your Desk's accounts.*Done/);
    expect(trail).toMatch(/Saved a placement draft.*Done/);
    expect(trail).not.toContain("list_accounts");
    expect(text).toContain("Two accounts from the agent");
    expect(text).toContain("Awaiting review");
    expect(text).toContain("Bound to its key");
    expect(text).toContain("Only this app's key can use it.");
    expect(text).toContain("Not bound to a key");
    await owner.inspect("connections");
  });

  it("the place screen places nothing before the owner accepts the Desk agreement, and shows it instead of the forms (§5.3)", async () => {
    const { page } = owner;
    expect(await owner.open("/desk/place")).toBe(200);
    expect(await page.getByRole("form", { name: "Place one account" }).count()).toBe(0);
    expect(await owner.text()).toContain("Placing accounts on this Desk needs your acceptance of this agreement first.");
    expect(await page.getByRole("button", { name: "I accept the Desk agreement" }).count()).toBe(1);
    await owner.inspect("place-agreement-first");
    // Back where the next test starts (it accepts on the draft page; pages-place-agreement-browser accepts here).
    await owner.open("/connections");
  });

  it("marks the draft reviewed, offers approval only after the agreement, then approves; list_accounts finds the accounts", async () => {
    const { page } = owner;
    await page.getByRole("link", { name: "Two accounts from the agent" }).first().click();
    await page.waitForURL(/\/drafts\//);
    await owner.inspect("draft-placement");
    await page.getByRole("button", { name: "Mark reviewed" }).click();
    await page.waitForURL(/done=reviewed/);
    expect(await owner.text()).toContain("nothing was sent, delivered or accepted");

    // Approve is offered only once the agreement is accepted (the domain's refusal: api-v1-review.test.ts).
    expect(await page.getByRole("button", { name: /Approve and add/ }).count()).toBe(0);
    expect(await owner.text()).toContain("needs your acceptance of this agreement first");
    await owner.inspect("draft-agreement-first");

    await page.getByRole("button", { name: "I accept the Desk agreement" }).click();
    await page.waitForURL(/done=accepted/);
    await page.getByRole("button", { name: /Approve and add 2 accounts/ }).click();
    await page.waitForURL(/done=approved/);
    expect(await owner.text()).toContain("Approved");
    await owner.inspect("draft-approved");

    const found = new Set<string>();
    let cursor: string | undefined;
    do {
      const listed = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 50, ...(cursor === undefined ? {} : { cursor }) });
      for (const account of listed.body.accounts) found.add(account.reference);
      cursor = listed.body.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(references.every((reference) => found.has(reference))).toBe(true);
    const mcp = await connectMcp(service.baseUrl, "desk", accessToken);
    const viaMcp = await mcp.callTool({ name: "list_accounts", arguments: { limit: 1 } });
    expect(viaMcp.isError).toBeFalsy();
    await mcp.close();
  });

  it("revokes the connection: the agent's next REST and MCP calls get 401", async () => {
    const { page } = owner;
    await owner.open("/connections");
    // The agent driven here is the newest connection, listed first (the DPoP-bound one is below it).
    await page.getByRole("link", { name: /Revoke access for/ }).first().click();
    await page.getByRole("button", { name: /^Yes, revoke/ }).click();
    await page.waitForURL(/done=revoked/);
    expect(await owner.text()).toContain("Connection revoked");
    await owner.inspect("connections-revoked");
    expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 1 })).status).toBe(401);
    const mcp = await fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: { limit: 1 } } }),
    });
    expect(mcp.status).toBe(401);
    await expect(connectMcp(service.baseUrl, "desk", accessToken)).rejects.toThrow();
  });

  it("mints a desk key shown once, which works on /api/v1/me until it is revoked", async () => {
    const { page } = owner;
    expect(await owner.open("/desk/place")).toBe(200);
    await owner.inspect("place");
    await page.getByLabel("Key name").fill("Nightly import");
    await page.getByRole("button", { name: "Create a desk key" }).click();
    await page.waitForURL(/\/desk\/place\/keys$/);
    const key = ((await page.locator("#new-key").textContent()) ?? "").trim();
    expect(key).toMatch(/^service_live_/);
    await owner.inspect("place-key-minted");
    expect((await callWithBearer(service.baseUrl, key, "GET", "/me")).status).toBe(200);

    await owner.open("/desk/place");
    expect(await owner.text()).not.toContain(key);
    await page.getByRole("link", { name: /^Revoke .?Nightly import.?…$/ }).click();
    await page.getByRole("button", { name: "Yes, revoke this key" }).click();
    await page.waitForURL(/done=key-revoked/);
    expect((await callWithBearer(service.baseUrl, key, "GET", "/me")).status).toBe(401);
  });

  it("previews a CSV upload without saving, then saves it and shows the workflow run", async () => {
    const { page } = owner;
    await owner.open("/desk/place");
    const csv = "reference,name,amount,currency,creditor\nCSV-0001,Lee Uploaded,\"$1,250.00\",USD,Acme Card\nCSV-0002,Kim Uploaded,,USD,\n";
    const upload = page.getByRole("form", { name: "Place accounts from a CSV file" });
    await upload.getByLabel("CSV file").setInputFiles({ name: "accounts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await upload.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("heading", { name: /Preview: nothing is saved yet/ }).waitFor();
    const preview = await page.getByRole("table", { name: "Accounts that would be saved" }).textContent();
    expect(preview).toContain("1,250.00 USD");
    expect(preview).toContain("not provided");
    await owner.inspect("place-preview");
    const saved = await service.service.database.db.selectFrom("accounts").select("id").where("reference", "=", "CSV-0001").execute();
    expect(saved).toEqual([]);

    await page.getByRole("button", { name: "Save 2 placements" }).click();
    await page.waitForURL(/done=saved/);
    expect(await owner.text()).toContain("2 accounts are now live");
    const runs = await page.getByRole("table", { name: /Workflow runs/ }).textContent();
    expect(runs).toContain("CSV-0001");
    await owner.inspect("place-saved");
  });

  it("shows what to fix when a CSV row is wrong, and saves nothing", async () => {
    const { page } = owner;
    await owner.open("/desk/place");
    const upload = page.getByRole("form", { name: "Place accounts from a CSV file" });
    const csv = "reference,name,amount\nBAD-0001,Bo Wrong,twelve\n";
    await upload.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await upload.getByRole("button", { name: "Preview" }).click();
    // Each problem names its row once, as the spreadsheet numbers it (the header is row 1), and the page says so.
    expect(await page.getByRole("alert").locator("li").allTextContents()).toEqual([expect.stringMatching(/^Row 2, amount: a number/)]);
    expect(await page.getByRole("alert").textContent()).toContain("the header is row 1, so your first account is row 2");
    await owner.inspect("place-problems");
  });

  it("a desk accepts a live invite; an expired one is refused with nothing attached", async () => {
    const agency = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
    const mint = async () => {
      const minted = await agency.call("POST", "/agency/invites", { label: "Pages test", expiresInDays: 1 });
      expect(minted.status).toBe(201);
      return new URL(minted.body.url).pathname;
    };
    clockOffset = -25 * HOUR_MS;
    const expired = await mint();
    clockOffset = 0;
    const live = await mint();

    const creditor = await createOtherDeskUser(service);
    const member = await visit(browser, service.baseUrl, live);
    expect(await member.text()).toContain("Join");
    await member.inspect("invite-signed-out");
    await member.page.getByRole("link", { name: "Sign in as your Desk" }).click();
    await signInHere(member.page, creditor, live);
    await member.inspect("invite-live");

    // A valid accept-invite token (this page's) does not make the expired link work: refused, nothing attached.
    const memberships = async () => (await ApiSession.signIn(service.baseUrl, creditor)).call("GET", "/agency/memberships");
    const token = await member.page.locator(`form[action="${live}/accept"] input[name="csrf_token"]`).getAttribute("value");
    expect(token).toBeTruthy();
    const forced = await member.context.request.post(`${service.baseUrl}${expired}/accept`, { form: { csrf_token: token! }, maxRedirects: 0 });
    expect(forced.status()).toBe(404);
    expect(await forced.text()).toContain("This invitation cannot be used");
    expect((await memberships()).body.memberships).toEqual([]);

    await member.page.getByRole("button", { name: "Accept the invitation" }).click();
    await member.page.getByRole("heading", { name: /You joined/ }).waitFor();
    const joined = (await member.page.locator("h1").textContent()) ?? "";
    const agencyName = joined.replace("You joined ", "").replace(/[\u2068\u2069]/gu, "");
    await member.inspect("invite-accepted");
    // Issue 48 item 8: accepting answered with a redirect (a reload sends nothing again), and the link
    // opened again, by Back then reload, says the Desk joined, not "cannot be used".
    expect(new URL(member.page.url()).pathname).toBe(live);
    await member.page.goBack();
    await member.page.reload();
    expect(await member.page.locator("h1").textContent()).toMatch(/^You are already a client of /);
    expect(await member.text()).not.toContain("cannot be used");
    expect(await member.text()).toContain("This invitation was already accepted by your Desk");

    // The place screen now offers that agency: one account placed with it, named in the preview (once
    // Northwind's owner has accepted the Desk agreement, spec §5.3).
    await (await ApiSession.signIn(service.baseUrl, await createOtherDeskUser(service, "owner"))).acceptAgreement();
    await member.page.getByRole("link", { name: "Go to the place screen" }).click();
    const one = member.page.getByRole("form", { name: "Place one account" });
    await one.getByLabel("Reference").fill("AGENCY-0001");
    await one.getByLabel("Account holder's name").fill("Ari Placed");
    await one.getByLabel("Place with").selectOption({ label: agencyName });
    await one.getByRole("button", { name: "Preview" }).click();
    await member.page.getByRole("heading", { name: /Preview: nothing is saved yet/ }).waitFor();
    expect(await member.text()).toContain(`with ${agencyName}.`);
    await member.page.getByRole("button", { name: "Save 1 placement" }).click();
    await member.page.waitForURL(/done=saved/);
    const placed = await service.service.database.db
      .selectFrom("accounts")
      .select("agency_desk_id")
      .where("reference", "=", "AGENCY-0001")
      .executeTakeFirst();
    expect(placed?.agency_desk_id).toBe(service.service.demo!.summary.deskId);

    const before = (await memberships()).body.memberships.length;
    expect(before).toBe(1);
    expect(await member.open(expired)).toBe(404);
    expect(await member.text()).toContain("This invitation cannot be used");
    expect(await member.page.getByRole("button", { name: "Accept the invitation" }).count()).toBe(0);
    // A mistyped link, or one too long to be a token, is the same page for a signed-in Desk as for anyone.
    for (const link of ["/invite/not-a-real-token", `/invite/${"x".repeat(250)}`]) {
      expect(await member.open(link)).toBe(404);
      expect(await member.text()).toContain("This invitation cannot be used");
    }
    await member.open(expired);
    await member.inspect("invite-invalid");
    expect((await memberships()).body.memberships.length).toBe(before);
    expect(member.errors()).toEqual([]);
    await member.context.close();
    expect(owner.errors()).toEqual([]);
  });
});
