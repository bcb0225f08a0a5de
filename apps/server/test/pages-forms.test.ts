import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { listUserConnections } from "@connector/auth";
import { createAuthStores } from "@connector/store";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** The people's pages over plain HTTP: sign-in first, and no change without the form's own CSRF token. */
describe("the people's pages refuse what a person did not ask for", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("sends a signed-out visitor to sign-in with the way back, for pages and for forms", async () => {
    for (const path of ["/connections", "/desk/place?runs=x", "/resolve", "/drafts/00000000-0000-4000-8000-000000000001"]) {
      const answer = await fetch(`${service.baseUrl}${path}`, { redirect: "manual" });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/signin?return_to=${encodeURIComponent(path)}`);
    }
    const form = await fetch(`${service.baseUrl}/connections/some-grant/revoke`, { method: "POST", redirect: "manual" });
    // A form needs a page that was signed in: sign-in says the session ended and names what was not sent (issue 39 item 2).
    expect(form.headers.get("location")).toBe(`/signin?return_to=${encodeURIComponent("/connections")}&ended=1&not_saved=revoke-connection`);
  });

  it("refuses a revocation without the form's token, or with another form's, and the connection keeps working", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const stores = createAuthStores(service.service.database);
    const owner = await stores.users.findByEmail(DEMO_USERS.deskOwner.email);
    const [connection] = await listUserConnections({ stores, activity: service.service.connectionActivity }, owner!.userId);
    const page = await (await session.request("/connections")).text();
    const mintToken = csrfTokenOf(await (await session.request("/desk/place")).text(), "/desk/place/keys");
    expect(mintToken).toBeDefined();
    expect(page).toContain(connection!.clientName);
    for (const token of [undefined, "forged", mintToken]) {
      const body = new URLSearchParams(token === undefined ? {} : { csrf_token: token });
      const answer = await session.request(`/connections/${connection!.grantId}/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain("This form has expired");
    }
    expect((await callRest(service.baseUrl, accessToken, "desk", "list_accounts", { limit: 1 })).status).toBe(200);
  });

  it("answers an unknown draft with a page-worded 404, not the agent's words", async () => {
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password);
    const answer = await session.request("/drafts/00000000-0000-4000-8000-000000000001");
    expect(answer.status).toBe(404);
    const page = await answer.text();
    expect(page).toContain("This draft is not available");
    expect(page).not.toContain("not available to this connection");
  });

  it("re-shows a refused request draft without the refused value, with the error on its field", async () => {
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password);
    const token = csrfTokenOf(await (await session.request("/resolve")).text(), "/resolve/drafts");
    expect(token).toBeDefined();
    const answer = await session.request("/resolve/drafts", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrf_token: token!,
        idempotencyKey: "form_refused-ssn-0001",
        kind: "documents",
        recipient: "Bayside Collections",
        reference: "123-45-6789",
        channel: "written",
      }),
    });
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).not.toContain("123-45-6789");
    expect(page).toContain('value="Bayside Collections"');
    expect(page).toMatch(/<input[^>]*name="reference"[^>]*aria-invalid="true"/);
    expect(page).toMatch(/id="request-reference-error"[^>]*>[^<]*looks like/);
  });
});

/** The CSRF token of the form posting to `action` on an HTML page. */
function csrfTokenOf(html: string, action: string): string | undefined {
  return new RegExp(`action="${action}"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"`).exec(html)?.[1];
}
