import { TEST_DIALECTS } from "@connector/store/testing";
import {
  type AuthorizeOptions,
  BrowserSession,
  consentFields,
  hiddenFields,
  OAuthTestClient,
  oauthError,
  scopeCheckboxes,
} from "@connector/testkit";
import { describe, expect, it } from "vitest";
import { useSignedInDeskOwner } from "./helpers/signed-in-fixture.js";

/** Spec §5.1.1–8 at the authorization endpoint and consent form, over HTTP with a signed-in session. */
for (const dialect of TEST_DIALECTS) {
  describe(`authorization endpoint (${dialect})`, () => {
    const f = useSignedInDeskOwner(dialect);

    /** The error a f.client reads from the redirect, checked by oauth4webapi (state and iss included). */
    async function redirectedError(options: AuthorizeOptions): Promise<{ error: string }> {
      const prepared = await f.client.prepare(options);
      const response = await f.session.request(prepared.url);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin + location.pathname).toBe(f.server.callbackUrl);
      expect(location.searchParams.get("iss")).toBe(f.server.baseUrl);
      return oauthError(Promise.resolve().then(() => f.client.validateCallback(location, prepared.state)));
    }

    it("shows an error page, never a redirect, for an unknown client", async () => {
      const prepared = await f.client.prepare();
      prepared.url.searchParams.set("client_id", "not-a-registered-client");
      const response = await f.session.request(prepared.url);
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("not registered");
    });

    it("shows an error page, never a redirect, for an unregistered redirect_uri", async () => {
      const prepared = await f.client.prepare({ redirectUri: `${f.server.baseUrl}/callback/elsewhere` });
      const response = await f.session.request(prepared.url);
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("redirect_uri is not registered");
    });

    it("refuses a request without PKCE", async () => {
      expect(await redirectedError({ pkce: false })).toEqual({ error: "invalid_request" });
    });

    it("refuses the plain PKCE method", async () => {
      expect(await redirectedError({ codeChallengeMethod: "plain" })).toEqual({ error: "invalid_request" });
    });

    it("refuses a challenge without a method (which would mean plain)", async () => {
      expect(await redirectedError({ codeChallengeMethod: null })).toEqual({ error: "invalid_request" });
    });

    it("refuses a state shorter than 16 characters", async () => {
      expect(await redirectedError({ state: "too-short-state" })).toEqual({ error: "invalid_request" });
    });

    it("refuses response types other than code", async () => {
      expect(await redirectedError({ responseType: "token" })).toEqual({ error: "unsupported_response_type" });
    });

    it("refuses a resource that is not exactly a workspace's MCP URL", async () => {
      expect(await redirectedError({ resource: `${f.server.baseUrl}/mcp/desk/` })).toEqual({ error: "invalid_target" });
      expect(await redirectedError({ resource: "https://elsewhere.example/mcp/desk" })).toEqual({ error: "invalid_target" });
    });

    it("refuses scopes of the other workspace", async () => {
      expect(await redirectedError({ scope: "desk:read resolve:read" })).toEqual({ error: "invalid_scope" });
      expect(await redirectedError({ scope: "desk:admin" })).toEqual({ error: "invalid_scope" });
    });

    it("allows omitting resource only when the scopes name one workspace (spec §5.1.5)", async () => {
      const prepared = await f.client.prepare({ resource: null, scope: "desk:read" });
      const response = await f.session.request(prepared.url);
      expect(response.status).toBe(200);
      expect(consentFields(await response.text()).resource).toBe(`${f.server.baseUrl}/mcp/desk`);
      expect(await redirectedError({ resource: null, scope: "" })).toEqual({ error: "invalid_target" });
    });

    it("sends a signed-out person to sign in and back to the request", async () => {
      const prepared = await f.client.prepare();
      const anonymous = new BrowserSession(f.server.baseUrl);
      const response = await anonymous.request(prepared.url);
      expect(response.status).toBe(302);
      const signIn = new URL(response.headers.get("location")!, f.server.baseUrl);
      expect(signIn.pathname).toBe("/signin");
      const returnTo = signIn.searchParams.get("return_to")!;
      expect(returnTo).toBe(prepared.url.pathname + prepared.url.search);
      const signedIn = await anonymous.signIn(f.server.deskOwner.email, f.server.deskOwner.password, returnTo);
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get("location")).toBe(returnTo);
      expect((await anonymous.request(returnTo)).status).toBe(200);
    });

    it("shows consent with the f.client name, redirect host, workspace and one box per scope", async () => {
      const prepared = await f.client.prepare();
      const response = await f.session.request(prepared.url);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain("Test Agent");
      expect(page).toContain(new URL(f.server.callbackUrl).host);
      expect(page).toContain("Desk workspace");
      expect(scopeCheckboxes(page)).toEqual(["desk:read", "desk:drafts"]);
      expect(page).toContain("Read permitted Desk records");
      expect(page).toContain("Save Desk drafts for human review");
    });

    it("cannot be framed and is not cached", async () => {
      const prepared = await f.client.prepare();
      const response = await f.session.request(prepared.url);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("escapes the client's name on the consent page", async () => {
      const hostile = await OAuthTestClient.register(f.server, { client_name: `<script>alert("x")</script>` });
      const prepared = await hostile.prepare();
      const page = await (await f.session.request(prepared.url)).text();
      expect(page).not.toContain("<script>");
      expect(page).toContain("&lt;script>alert(&quot;x&quot;)&lt;/script>");
    });

    it("redirects with access_denied when the person denies", async () => {
      const prepared = await f.client.prepare();
      const callback = await f.client.consent(f.session, prepared, { decision: "deny" });
      expect(await oauthError(Promise.resolve().then(() => f.client.validateCallback(callback, prepared.state)))).toEqual({
        error: "access_denied",
      });
    });

    it("leaves a scope unticked at consent out of the token", async () => {
      const tokens = await f.client.connect(f.session, { scopes: ["desk:read"] });
      expect(tokens.scope).toBe("desk:read");
    });

    it("cannot add a scope at consent that was not requested", async () => {
      const tokens = await f.client.connect(f.session, { scope: "desk:read", scopes: ["desk:read", "desk:drafts"] });
      expect(tokens.scope).toBe("desk:read");
    });

    it("treats unticking every scope as a denial", async () => {
      const prepared = await f.client.prepare();
      const callback = await f.client.consent(f.session, prepared, { scopes: [] });
      expect(callback.searchParams.get("error")).toBe("access_denied");
      expect(callback.searchParams.get("state")).toBe(prepared.state);
    });

    it("refuses a consent form without its CSRF token", async () => {
      const prepared = await f.client.prepare();
      const fields = consentFields(await (await f.session.request(prepared.url)).text());
      const response = await f.session.postForm("/oauth/consent", {
        ...fields,
        csrf_token: "forged",
        granted_scope: ["desk:read"],
        decision: "allow",
      });
      expect(response.status).toBe(403);
      expect(response.headers.get("location")).toBeNull();
    });

    it("refuses a consent form carrying another session's CSRF token", async () => {
      const prepared = await f.client.prepare();
      const fields = consentFields(await (await f.session.request(prepared.url)).text());
      const attacker = new BrowserSession(f.server.baseUrl);
      await attacker.signIn(f.server.deskOwner.email, f.server.deskOwner.password);
      const response = await attacker.postForm("/oauth/consent", { ...fields, granted_scope: ["desk:read"], decision: "allow" });
      expect(response.status).toBe(403);
    });

    it("signs out through the consent page's sign-out form and asks to sign in again", async () => {
      const prepared = await f.client.prepare();
      const page = await (await f.session.request(prepared.url)).text();
      const signOutForm = hiddenFields(page.slice(page.indexOf('action="/signout"'), page.indexOf('action="/oauth/consent"')));
      const response = await f.session.postForm("/signout", signOutForm);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/signin?return_to=${encodeURIComponent(prepared.url.pathname + prepared.url.search)}`);
      expect(f.session.hasCookie("connector_session")).toBe(false);
      const again = await f.session.request(prepared.url);
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toMatch(/^\/signin\?return_to=/);
    });

    it("tells a person signed in with the wrong kind of account, and connects nothing", async () => {
      const consumer = new BrowserSession(f.server.baseUrl);
      await consumer.signIn(f.server.consumer.email, f.server.consumer.password);
      const prepared = await f.client.prepare();
      const response = await consumer.request(prepared.url);
      expect(response.status).toBe(403);
      expect(response.headers.get("location")).toBeNull();
      const page = await response.text();
      expect(page).toContain("This account cannot connect Desk");
      expect(page).toContain("a Resolve consumer account");
      // "Sign in as someone else" signs out and comes back to this same authorization request.
      const switchForm = hiddenFields(page.slice(page.lastIndexOf('action="/signout"'), page.indexOf('action="/oauth/consent"')));
      expect(switchForm.return_to).toBe(prepared.url.pathname + prepared.url.search);
      const signedOut = await consumer.postForm("/signout", switchForm);
      expect(signedOut.headers.get("location")).toBe(`/signin?return_to=${encodeURIComponent(switchForm.return_to!)}`);
    });

    it("answers the app access_denied when the wrong-account page is cancelled", async () => {
      const consumer = new BrowserSession(f.server.baseUrl);
      await consumer.signIn(f.server.consumer.email, f.server.consumer.password);
      const prepared = await f.client.prepare();
      const fields = consentFields(await (await consumer.request(prepared.url)).text());
      const cancelled = await consumer.postForm("/oauth/consent", { ...fields, decision: "deny" });
      expect(cancelled.status).toBe(303);
      const callback = new URL(cancelled.headers.get("location")!);
      expect(callback.searchParams.get("error")).toBe("access_denied");
      expect(callback.searchParams.get("state")).toBe(prepared.state);
    });

    it("refuses consent given for Desk by a person without a desk, with a description", async () => {
      const consumer = new BrowserSession(f.server.baseUrl);
      await consumer.signIn(f.server.consumer.email, f.server.consumer.password);
      const prepared = await f.client.prepare();
      const fields = consentFields(await (await consumer.request(prepared.url)).text());
      const response = await consumer.postForm("/oauth/consent", { ...fields, granted_scope: ["desk:read"], decision: "allow" });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!);
      expect(location.searchParams.get("error")).toBe("access_denied");
      expect(location.searchParams.get("error_description")).toContain("does not belong to a Desk");
      expect(location.searchParams.get("state")).toBe(prepared.state);
    });

    it("shows a Desk owner asked for Resolve the wrong-account page", async () => {
      const prepared = await f.client.prepare({ resource: `${f.server.baseUrl}/mcp/resolve` });
      const response = await f.session.request(prepared.url);
      expect(response.status).toBe(403);
      const page = await response.text();
      expect(page).toContain("This account cannot connect Resolve");
      expect(page).toContain("a Desk account");
    });
  });
}
