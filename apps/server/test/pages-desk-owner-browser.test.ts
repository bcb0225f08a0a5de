import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession, connectWorkspace, registerClient } from "@connector/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { createDemoDeskMember, createOtherDeskUser } from "./support/extra-users.js";
import { type PersonInBrowser, signInAt, signInHere, startBrowser, visit } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

const MEMBER = { email: "member-i18@harbor.example", password: "harbor-member-i18-password" };

/**
 * Issue 18, points 5 to 11: what a busy Desk owner meets on the people's pages, walked in headless
 * Chromium with JavaScript off (every page works without it), axe at phone and desktop width on
 * each step (screenshots too with `SCREENSHOTS=1`).
 */
describe("a Desk owner's pages, issue 18", { timeout: 180_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let owner: PersonInBrowser;
  let ownerAgent: string;
  let memberAgent: string;
  let ownerApi: ApiSession;

  const saveDraft = async (token: string, title: string, accounts: Array<{ reference: string; name?: string }>, key: string) => {
    const saved = await callRest(service.baseUrl, token, "desk", "create_placement_draft", {
      title,
      accounts: accounts.map((account) => ({ reference: account.reference, name: account.name ?? "Pat Example", amount: 50, currency: "USD" })),
      idempotencyKey: key.padEnd(16, "0"),
    });
    expect(saved.status).toBe(200);
    return saved.body as { draft: { draftId: string }; reviewUrl?: string };
  };

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    await createDemoDeskMember(service, MEMBER);
    ownerAgent = (await service.connect({ workspace: "desk" })).accessToken;
    memberAgent = (await service.connect({ workspace: "desk", user: MEMBER })).accessToken;
    ownerApi = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
    expect((await ownerApi.call("POST", "/agreement/accept", { version: (await ownerApi.call("GET", "/agreement")).body.agreement.version })).status).toBe(200);
    owner = await signInAt(browser, service.baseUrl, DEMO_USERS.deskOwner, "/connections", { javaScriptEnabled: false });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  describe("point 7: nothing irreversible in one click", () => {
    it("puts Discard apart from Approve, behind a confirmation page whose 'keep it' changes nothing", async () => {
      const { draft } = await saveDraft(ownerAgent, "Discard me, carefully", [{ reference: "I18-DISCARD-1" }], "i18-discard-owner");
      const { page } = owner;
      await owner.open(`/drafts/${draft.draftId}`);
      const approve = await page.getByRole("button", { name: /Approve and add 1 account$/ }).boundingBox();
      const discard = page.getByRole("link", { name: "Discard…" });
      const discardBox = await discard.boundingBox();
      // Apart: under its own heading, well below Approve, and not a form that acts on click.
      expect(approve).not.toBeNull();
      expect(discardBox!.y - (approve!.y + approve!.height)).toBeGreaterThan(150);
      expect(await page.locator('form[action$="/discard"]').count()).toBe(0);
      await owner.inspect("i18-draft-discard-apart");

      await discard.click();
      await page.getByRole("heading", { name: "Discard this draft?" }).waitFor();
      expect(await owner.text()).toContain("It can never be approved afterwards");
      await owner.inspect("i18-draft-discard-confirm");
      await page.getByRole("link", { name: "No, keep it" }).click();
      await page.waitForURL((url) => url.pathname === `/drafts/${draft.draftId}`);
      expect(await owner.text()).toContain("Awaiting review");

      await page.getByRole("link", { name: "Discard…" }).click();
      await page.getByRole("button", { name: "Yes, discard this draft" }).click();
      await page.waitForURL(/done=discarded/);
      expect(await owner.text()).toContain("This draft is closed");
      expect(await page.getByRole("link", { name: "Discard…" }).count()).toBe(0);
    });

    it("lets a member discard only what their own agent saved; a desk key discards nothing", async () => {
      const own = await saveDraft(memberAgent, "The member's own draft", [{ reference: "I18-MEMBER-1" }], "i18-member-own");
      const owners = await saveDraft(ownerAgent, "The owner's agent's draft", [{ reference: "I18-MEMBER-2" }], "i18-member-other");
      const member = await signInAt(browser, service.baseUrl, MEMBER, `/drafts/${owners.draft.draftId}`, { javaScriptEnabled: false });
      expect(await member.page.getByRole("link", { name: "Discard…" }).count()).toBe(0);
      expect(await member.open(`/drafts/${owners.draft.draftId}/discard`)).toBe(403);
      expect(await member.text()).toContain("Only the Desk's owner, or the person whose agent saved this draft, can discard it.");
      await member.inspect("i18-draft-discard-member-refused");

      // The rule is the domain's: the same refusal on /api/v1, for a member and for a desk key.
      const memberApi = await ApiSession.signIn(service.baseUrl, MEMBER);
      const refused = await memberApi.call("POST", `/drafts/${owners.draft.draftId}/discard`);
      expect([refused.status, refused.body.error.code]).toEqual([403, "owner_required"]);
      const key = (await ownerApi.call("POST", "/keys", { name: "I18 reviewer" })).body.key as string;
      const byKey = await callWithBearer(service.baseUrl, key, "POST", `/drafts/${own.draft.draftId}/discard`);
      expect([byKey.status, byKey.body.error.code]).toEqual([403, "owner_required"]);

      await member.open(`/drafts/${own.draft.draftId}`);
      await member.page.getByRole("link", { name: "Discard…" }).click();
      await member.page.getByRole("button", { name: "Yes, discard this draft" }).click();
      await member.page.waitForURL(/done=discarded/);
      expect((await ownerApi.call("GET", `/drafts/${owners.draft.draftId}`)).body.draft.reviewStatus).toBe("awaiting_review");
      await member.context.close();
    });

    it("asks before revoking a connection; 'keep it' leaves the agent working", async () => {
      const agent = (await service.connect({ workspace: "desk" })).accessToken;
      const { page } = owner;
      await owner.open("/connections");
      // Connections are listed newest first: the one just made is the first.
      const revoke = page.getByRole("link", { name: /Revoke access for/ }).first();
      await revoke.click();
      await page.getByRole("heading", { name: /^Revoke access for .*\?$/ }).waitFor();
      await owner.inspect("i18-connection-revoke-confirm");
      await page.getByRole("link", { name: "No, keep it connected" }).click();
      await page.waitForURL((url) => url.pathname === "/connections");
      expect((await callRest(service.baseUrl, agent, "desk", "list_accounts", { limit: 1 })).status).toBe(200);

      await page.getByRole("link", { name: /Revoke access for/ }).first().click();
      await page.getByRole("button", { name: /^Yes, revoke/ }).click();
      await page.waitForURL(/done=revoked/);
      expect((await callRest(service.baseUrl, agent, "desk", "list_accounts", { limit: 1 })).status).toBe(401);
      expect((await callRest(service.baseUrl, ownerAgent, "desk", "list_accounts", { limit: 1 })).status).toBe(200);
    });

    it("isolates a right-to-left app name on the revoke page, the call list, and names it alike in the draft history and its CSV", async () => {
      // Issue 19 §4: a name the app's registrant chose cannot reorder the sentence around it.
      const arabic = "وكيل الحسابات";
      const session = new BrowserSession(service.baseUrl);
      await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
      const tokens = await connectWorkspace(await registerClient(service.baseUrl, arabic), session, { workspace: "desk", scopes: ["desk:read", "desk:drafts"] });
      const { draft } = await saveDraft(tokens.access_token, "Saved by the Arabic agent", [{ reference: "I19-RTL-1" }], "i19-rtl-draft");
      const { page } = owner;

      await owner.open("/connections");
      const captions = await page.locator("caption").allTextContents();
      expect(captions).toContain(`Latest calls by \u2068${arabic}\u2069, newest first`);
      await page.getByRole("link", { name: `Revoke access for ${arabic}…` }).click();
      await page.getByRole("heading", { name: `Revoke access for \u2068${arabic}\u2069?` }).waitFor();
      expect(await page.title()).toContain(`Revoke access for \u2068${arabic}\u2069?`);
      expect(await page.locator("main strong bdi").first().textContent()).toBe(arabic);
      expect(await page.getByRole("button", { name: /^Yes, revoke/ }).textContent()).toBe(`Yes, revoke \u2068${arabic}\u2069`);
      await owner.inspect("i19-rtl-revoke-confirm");

      // The draft's history names the agent, isolated, and the CSV says the same words.
      await owner.open(`/drafts/${draft.draftId}`);
      const saved = page.locator("li", { hasText: /^Saved by/ });
      expect(await saved.locator("bdi").textContent()).toBe(arabic);
      const time = (await saved.locator("time").textContent()) ?? "";
      const onPage = (await saved.textContent())?.replace(/^Saved by /, "").replace(`, ${time}`, "");
      expect(onPage).toBe(`${arabic} (an app you connected)`);
      const history = await owner.context.request.get(`${service.baseUrl}/drafts/${draft.draftId}/history.csv`);
      const rows = (await history.text()).trim().split("\r\n");
      // The record names the person whose app it was, not "you" (issue 48 item 9): a CSV kept or shared says who.
      expect(rows[1]).toContain(`,"${arabic}, an app ${DEMO_USERS.deskOwner.displayName} connected"`);
    });

    it("asks before revoking a desk key; 'keep' leaves it working", async () => {
      const key = (await ownerApi.call("POST", "/keys", { name: "I18 nightly" })).body.key as string;
      const { page } = owner;
      await owner.open("/desk/place");
      await page.getByRole("link", { name: /^Revoke .?I18 nightly.?…$/ }).click();
      await page.getByRole("heading", { name: "Revoke the desk key “\u2068I18 nightly\u2069”?" }).waitFor();
      await owner.inspect("i18-key-revoke-confirm");
      await page.getByRole("link", { name: "No, keep the key" }).click();
      expect((await callWithBearer(service.baseUrl, key, "GET", "/me")).status).toBe(200);
      await page.getByRole("link", { name: /^Revoke .?I18 nightly.?…$/ }).click();
      await page.getByRole("button", { name: "Yes, revoke this key" }).click();
      await page.waitForURL(/done=key-revoked/);
      expect((await callWithBearer(service.baseUrl, key, "GET", "/me")).status).toBe(401);
    });
  });

  describe("point 6: the place form keeps what was typed", () => {
    it("says a bad amount once, next to the field, in plain words, and keeps every value", async () => {
      const { page } = owner;
      await owner.open("/desk/place");
      const form = page.getByRole("form", { name: "Place one account" });
      await form.getByLabel("Reference").fill("I18-FORM-1");
      await form.getByLabel("Account holder's name").fill("Robin Typed");
      await form.getByLabel("Balance").fill("12,34");
      await form.getByLabel("Creditor").fill("Acme Card");
      await form.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("alert").waitFor();

      const again = page.getByRole("form", { name: "Place one account" });
      expect(await again.getByLabel("Reference").inputValue()).toBe("I18-FORM-1");
      expect(await again.getByLabel("Account holder's name").inputValue()).toBe("Robin Typed");
      expect(await again.getByLabel("Balance").inputValue()).toBe("12,34");
      expect(await again.getByLabel("Creditor").inputValue()).toBe("Acme Card");
      const amount = again.getByLabel("Balance");
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
      // The person lands on the field to fix: it is focused on load.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("place-amount");
      const message = await page.locator("#place-amount-error").textContent();
      expect(message).toContain("from 0 to 100 million");
      const text = await owner.text();
      expect(text).not.toMatch(/Row 1|Account 1/);
      expect(text.split("from 0 to 100 million").length - 1).toBe(1);
      expect(await page.getByRole("alert").textContent()).toContain("Check the field marked below: Balance");
      await owner.inspect("i18-place-form-bad-amount");

      await again.getByLabel("Balance").fill("$1,234.50");
      await again.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("heading", { name: /Preview: nothing is saved yet/ }).waitFor();
      expect(await owner.text()).toContain("This account would be placed on your Desk exactly as shown");
      expect(await page.getByRole("button", { name: "Save 1 placement" }).count()).toBe(1);
      await owner.inspect("i18-place-form-preview-one");
    });

    it("names a reference the Desk already holds next to the Reference field", async () => {
      const { page } = owner;
      await owner.open("/desk/place");
      const form = page.getByRole("form", { name: "Place one account" });
      await form.getByLabel("Reference").fill("HRP-000123");
      await form.getByLabel("Account holder's name").fill("Sam Again");
      await form.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("alert").waitFor();
      expect(await page.locator("#place-reference-error").textContent()).toContain("Your Desk already has an account with this reference");
      expect(await page.getByRole("form", { name: "Place one account" }).getByLabel("Account holder's name").inputValue()).toBe("Sam Again");
      await owner.inspect("i18-place-form-duplicate");
    });
  });

  describe("point 8: conflicts named before approval, with a way forward", () => {
    it("names each conflicting reference on the draft page and approves the rest when the owner leaves them out", async () => {
      const { draft } = await saveDraft(
        ownerAgent,
        "Three accounts, two in conflict",
        [{ reference: "HRP-000123" }, { reference: "I18-NEW-1" }, { reference: "I18-TWICE" }, { reference: "I18-TWICE", name: "Pat Other" }],
        "i18-conflicts-draft",
      );
      const { page } = owner;
      await owner.open(`/drafts/${draft.draftId}`);
      const warning = await page.locator(".notice.warn").filter({ hasText: "cannot be added" }).textContent();
      expect(warning).toContain("HRP-000123 is already a live account on your Desk");
      expect(warning).toContain("I18-TWICE appears more than once in this draft");
      expect(await page.getByRole("button", { name: /^Approve and add/ }).count()).toBe(0);
      await owner.inspect("i18-draft-conflicts");

      await page.getByRole("button", { name: "Approve 1 account, leaving out 2 references" }).click();
      await page.waitForURL(/done=approved/);
      const text = await owner.text();
      expect(text).toContain("Approving added 1 live account");
      expect(text).toContain("Left out at approval (already on your Desk or repeated): HRP-000123, I18-TWICE.");
      await owner.inspect("i18-draft-approved-partly");
      const placed = await service.service.database.db
        .selectFrom("accounts")
        .select("reference")
        .where("placed_from_draft_id", "=", draft.draftId)
        .execute();
      expect(placed.map((row) => row.reference)).toEqual(["I18-NEW-1"]);
    });

    it("refuses a leave-out list that is not exactly the conflicts shown, and adds nothing", async () => {
      const { draft } = await saveDraft(ownerAgent, "One conflict", [{ reference: "HRP-000124" }, { reference: "I18-NEW-2" }], "i18-conflicts-forged");
      const { page } = owner;
      await owner.open(`/drafts/${draft.draftId}`);
      const token = await page.locator(`form[action="/drafts/${draft.draftId}/approve"] input[name="csrf_token"]`).getAttribute("value");
      // A leave-out list naming another reference than the page did: the domain refuses it.
      const forged = await owner.context.request.post(`${service.baseUrl}/drafts/${draft.draftId}/approve`, {
        form: { csrf_token: token!, leaveOut: "I18-NEW-2" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(409);
      expect(await forged.text()).toContain("The accounts that conflict have changed since the page was shown");
      // Without a leave-out list the whole draft is refused, as before: all or none.
      const whole = await ownerApi.call("POST", `/drafts/${draft.draftId}/approve`);
      expect([whole.status, whole.body.error.code]).toEqual([409, "reference_conflict"]);
      expect(await service.service.database.db.selectFrom("accounts").select("id").where("reference", "=", "I18-NEW-2").execute()).toEqual([]);
      expect(owner.errors()).toEqual([]);
    });
  });

  describe("point 5: the accounts just placed can be found", () => {
    it("lists placements newest first, searches by reference, filters by status, and exports what it found as CSV", async () => {
      const placed = await ownerApi.call("POST", "/placements", {
        accounts: [
          { reference: "I18-FIND-ME", name: "Kai Found", amount: 10 },
          { reference: "=HYPERLINK(1)", name: "@Risky Name", amount: 20, creditor: "+Plus Creditor" },
        ],
      });
      expect(placed.status).toBe(200);
      const { page } = owner;
      await owner.open("/desk/place");
      const table = page.getByRole("table", { name: "Accounts placed on this Desk, newest first" });
      const firstRows = await table.locator("tbody tr").allTextContents();
      expect(firstRows.slice(0, 2).join(" ")).toContain("I18-FIND-ME");
      expect(firstRows.join(" ")).not.toContain("HRP-000001");

      const search = page.getByRole("form", { name: "Search placements" });
      await search.getByLabel("Reference contains").fill("find-me");
      await search.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/q=find-me/);
      const found = page.getByRole("table", { name: "Placements found, newest first" });
      expect(await found.locator("tbody tr").count()).toBe(1);
      expect(await found.textContent()).toContain("I18-FIND-ME");
      expect(await page.getByRole("form", { name: "Search placements" }).getByLabel("Reference contains").inputValue()).toBe("find-me");
      await owner.inspect("i18-place-search");

      await owner.open("/desk/place");
      await page.getByRole("form", { name: "Search placements" }).getByLabel("Case status").selectOption({ label: "In dispute" });
      await page.getByRole("form", { name: "Search placements" }).getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/status=in_dispute/);
      const statuses = await page.getByRole("table", { name: "Placements found, newest first" }).locator("tbody tr td:nth-child(3)").allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(["in dispute"]));

      // The export: every placement the page's search finds, cells that would run as formulas neutralised.
      await owner.open("/desk/place?q=i18-");
      const href = await page.getByRole("link", { name: /Download these placements as CSV/ }).getAttribute("href");
      expect(href).toBe("/desk/place/placements.csv?q=i18-");
      const csv = await owner.context.request.get(`${service.baseUrl}/desk/place/placements.csv?q=hyperlink`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="placements-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toBe("reference,amount,currency,creditor,case_status,skip_trace,placed_at_utc,account_id");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^'=HYPERLINK\(1\),20,USD,'\+Plus Creditor,new,not_skipped,/);
    });

    it("links an approved draft to its accounts and their workflow runs, and exports its history", async () => {
      const { draft } = await saveDraft(ownerAgent, "Approve and find", [{ reference: "I18-LINKED-1" }, { reference: "I18-LINKED-2" }], "i18-linked-draft");
      const { page } = owner;
      await owner.open(`/drafts/${draft.draftId}`);
      await page.getByRole("button", { name: "Approve and add 2 accounts" }).click();
      await page.waitForURL(/done=approved/);
      await page.getByRole("link", { name: "See them and their Account Workflow runs" }).click();
      await page.waitForURL((url) => url.searchParams.get("draft") === draft.draftId);
      const accounts = await page.getByRole("table", { name: /newest first/ }).first().textContent();
      expect(accounts).toContain("I18-LINKED-1");
      expect(accounts).toContain("I18-LINKED-2");
      expect(accounts).not.toContain("HRP-");
      expect(await owner.text()).toContain("The accounts one approved draft added");
      await owner.inspect("i18-place-of-draft");

      const history = await owner.context.request.get(`${service.baseUrl}/drafts/${draft.draftId}/history.csv`);
      const rows = (await history.text()).trim().split("\r\n");
      expect(rows[0]).toBe("draft,when_utc,action,by");
      expect(rows.slice(1).map((row) => row.split(",")[2])).toEqual(["Saved", "Approved"]);
      // Issue 48 item 9: the record says who approved, by name, not "you, on this site".
      expect(rows[2]?.endsWith(`,Approved,"${DEMO_USERS.deskOwner.displayName}, on this site"`)).toBe(true);
      expect(rows.join("\n")).not.toContain("you, on this site");
    });

    it("reads the workflow events newest first", async () => {
      const { page } = owner;
      await owner.open("/desk/place");
      const feed = page.getByRole("table", { name: "The automation feed, newest first" });
      const kinds = await feed.locator("tbody tr td:nth-child(2)").allTextContents();
      const steps = await feed.locator("tbody tr td:nth-child(3)").allTextContents();
      const newest = await service.service.database.db
        .selectFrom("workflow_events")
        .select(["kind", "step"])
        .where("desk_id", "=", service.service.demo!.summary.deskId)
        .orderBy("seq", "desc")
        .limit(kinds.length)
        .execute();
      expect(kinds.length).toBeGreaterThan(1);
      expect(kinds.map((kind, index) => `${kind}/${steps[index]}`)).toEqual(newest.map((event) => `${event.kind.replaceAll("_", " ")}/${event.step ?? "—"}`));
      await owner.inspect("i18-place-events");
    });
  });

  describe("point 11: the agent hands the person a reviewUrl", () => {
    it("answers create_placement_draft with reviewUrl, the same on a retry, which opens the draft for the owner", async () => {
      const first = await saveDraft(ownerAgent, "Follow the link", [{ reference: "I18-LINK-1" }], "i18-review-url");
      const retry = await saveDraft(ownerAgent, "Follow the link", [{ reference: "I18-LINK-1" }], "i18-review-url");
      expect(first.reviewUrl).toBe(`${service.baseUrl}/drafts/${first.draft.draftId}`);
      expect(retry.reviewUrl).toBe(first.reviewUrl);
      const { page } = owner;
      await page.goto(first.reviewUrl!);
      await page.getByRole("heading", { name: "Follow the link", level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Approve and add 1 account" }).count()).toBe(1);
    });
  });

  describe("point 10: connections a person can judge and look back on", () => {
    it("keeps a revoked connection listed, marked with when and by whom, with its trail; lists each draft once", async () => {
      const { accessToken } = await service.connect({ workspace: "desk" });
      expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 1 })).status).toBe(200);
      const { page } = owner;
      await owner.open("/connections");
      const before = await page.locator("section.card h3").count();
      await page.getByRole("link", { name: /Revoke access for/ }).first().click();
      await page.getByRole("button", { name: /^Yes, revoke/ }).click();
      await page.waitForURL(/done=revoked/);
      expect(await page.locator("section.card h3").count()).toBe(before);
      const revoked = page.getByRole("heading", { name: "Revoked connections" });
      await revoked.waitFor();
      const card = page.locator("section.card").filter({ hasText: "It can no longer act for you" }).first();
      expect(await card.textContent()).toMatch(/Revoked.*, by you\. It can no longer act for you\./);
      expect(await card.getByRole("table", { name: /Latest calls by/ }).textContent()).toContain("Listed your Desk's accounts");
      expect(await card.getByRole("link", { name: /Revoke access/ }).count()).toBe(0);
      expect(await owner.text()).toContain("for 90 days after it ended");

      // Each draft once: an open draft of the owner's agent is on the Desk's list only.
      const { draft } = await saveDraft(ownerAgent, "Listed once", [{ reference: "I18-ONCE-1" }], "i18-listed-once");
      await owner.open("/connections");
      expect(await page.getByRole("link", { name: "Listed once" }).count()).toBe(1);
      await owner.inspect("i18-connections-revoked");
      expect(draft.draftId).toBeTruthy();
    });

    it("tells the person on the consent page that the app registered itself, is not verified, when, and where it sends them", async () => {
      const registered = await fetch(`${service.baseUrl}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Brand New Agent", redirect_uris: ["http://127.0.0.1:8976/callback"], token_endpoint_auth_method: "none" }),
      });
      const client = (await registered.json()) as { client_id: string };
      const query = new URLSearchParams({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: "http://127.0.0.1:8976/callback",
        scope: "desk:read",
        state: "consent-state-i18-000001",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
        resource: `${service.baseUrl}/mcp/desk`,
      });
      expect(await owner.open(`/oauth/authorize?${query}`)).toBe(200);
      const facts = await owner.page.locator(".notice.warn").first().textContent();
      expect(facts).toContain("The app registered itself with this service");
      expect(facts).toContain("the service has not verified who runs it");
      // The registration moment in the reader's zone, named (JavaScript is off: the service's stated default).
      expect(facts).toMatch(/Registered\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
      expect(facts).not.toContain("UTC");
      expect(await owner.page.locator(".notice.warn time[data-local-time]").getAttribute("data-zone")).toBe("America/New_York");
      expect(await owner.page.locator("footer").textContent()).toContain("Eastern Time (New York)");
      expect(facts).toContain("Sends you back to127.0.0.1:8976");
      await owner.inspect("i18-consent-unverified");
    });
  });

  describe("point 9: an agency's invitations on a page", () => {
    it("mints a link shown once, lists it, sees the client who accepted, and revokes another after confirming", async () => {
      const { page } = owner;
      await owner.open("/desk/place");
      await page.getByRole("link", { name: "invite clients and see your client desks" }).click();
      await page.getByRole("heading", { name: "Agency invitations and clients", level: 1 }).waitFor();
      await owner.inspect("i18-agency-empty");

      const form = page.getByRole("form", { name: "Create an invitation link" });
      await form.getByLabel("Note (optional)").fill("Northwind Credit");
      await form.getByLabel("Days the link works").fill("3");
      await form.getByRole("button", { name: "Create an invitation link" }).click();
      const link = ((await page.locator("#invite-link").textContent()) ?? "").trim();
      expect(link).toMatch(new RegExp(`^${service.baseUrl}/invite/`));
      expect(await owner.text()).toContain("This is the only time the link is shown (Northwind Credit)");
      await owner.inspect("i18-agency-minted");
      // The answer is a GET (issue 39 item 4): a reload shows the page again and creates nothing; the link is not shown again.
      expect(new URL(page.url()).searchParams.get("created")).not.toBeNull();
      expect((await page.reload())?.status()).toBe(200);
      expect(await page.locator("#invite-link").count()).toBe(0);
      expect(await owner.text()).toContain("Its link was shown once, when it was created");
      expect((await page.getByRole("table", { name: "Invitation links, newest first" }).textContent())?.match(/Northwind Credit/g)).toHaveLength(1);
      await owner.open("/desk/agency");
      expect(await page.content()).not.toContain(link);
      expect(await page.getByRole("table", { name: "Invitation links, newest first" }).textContent()).toMatch(/Northwind Credit.*Live/);

      // A wrong number of days keeps the note and says what to enter, next to the field.
      const token = await page.locator('form[action="/desk/agency/invites"] input[name="csrf_token"]').getAttribute("value");
      const refused = await owner.context.request.post(`${service.baseUrl}/desk/agency/invites`, {
        form: { csrf_token: token!, label: "Kept note", expiresInDays: "45" },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(400);
      const html = await refused.text();
      expect(html).toContain('value="Kept note"');
      expect(html).toContain("Enter a whole number of days from 1 to 30");

      const client = await createOtherDeskUser(service);
      const invitePath = new URL(link).pathname;
      const other = await visit(browser, service.baseUrl, invitePath, { javaScriptEnabled: false });
      await other.page.getByRole("link", { name: "Sign in as your Desk" }).click();
      await signInHere(other.page, client, invitePath);
      await other.page.getByRole("button", { name: "Accept the invitation" }).click();
      await other.page.getByRole("heading", { name: /You joined/ }).waitFor();
      await other.context.close();
      await owner.open("/desk/agency");
      expect(await page.getByRole("table", { name: "Desks that joined your agency" }).textContent()).toContain("Northwind");
      expect(await page.getByRole("table", { name: "Invitation links, newest first" }).textContent()).toMatch(/Accepted by Northwind/);

      const second = await page.getByRole("form", { name: "Create an invitation link" });
      await second.getByLabel("Note (optional)").fill("To withdraw");
      await second.getByRole("button", { name: "Create an invitation link" }).click();
      const withdrawn = ((await page.locator("#invite-link").textContent()) ?? "").trim();
      await owner.open("/desk/agency");
      await page.getByRole("link", { name: "Revoke the invitation To withdraw…" }).click();
      await page.getByRole("heading", { name: "Revoke this invitation?" }).waitFor();
      await owner.inspect("i18-agency-revoke-confirm");
      await page.getByRole("button", { name: "Yes, revoke the invitation" }).click();
      await page.waitForURL(/done=revoked/);
      expect(await page.getByRole("table", { name: "Invitation links, newest first" }).textContent()).toMatch(/To withdraw.*Revoked/);
      await owner.inspect("i18-agency-revoked");
      expect((await fetch(withdrawn, { headers: { accept: "text/html" } })).status).toBe(404);
    });

    it("tells a Desk that is not an agency that the page is not for it", async () => {
      const client = await createOtherDeskUser(service);
      const other = await signInAt(browser, service.baseUrl, client, "/desk/agency", { javaScriptEnabled: false });
      expect(await other.page.getByRole("heading", { name: "This page is for agency Desks" }).count()).toBe(1);
      expect(await other.open("/desk/place")).toBe(200);
      expect(await other.page.getByRole("link", { name: /invite clients/ }).count()).toBe(0);
      await other.context.close();
    });
  });
});
