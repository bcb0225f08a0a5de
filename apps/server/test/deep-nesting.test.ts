import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession } from "./support/api-v1-client.js";
import { saveForm } from "./support/place-screen.js";
import { startTestService, type TestService } from "./support/test-service.js";

/** Just past the bound, the depth that answered 500 (issue 37), and the deepest a 64 KiB body holds. */
const DEPTHS = [65, 12_000, 32_000];
const deep = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;

/**
 * Issue 37, finding 1: a JSON value nested 10,000 levels (inside the 64 KiB limit) answered 500 at every
 * door, because the NUL check recursed. Fuzzing each door with deep bodies, signed in and not: never a
 * 5xx; where the body is read, `400 invalid_input` (or OAuth's `invalid_client_metadata`) saying how deep.
 */
describe.each(TEST_DIALECTS)("deeply nested JSON at every door on %s", (dialect) => {
  let service: TestService;
  let deskToken: string;
  let key: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    const owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await owner.call("POST", "/keys", { name: "depth probe" })).body.key;
    deskToken = (await service.connect({ workspace: "desk" })).accessToken;
  });
  afterAll(async () => {
    await service?.close();
  });

  const post = async (path: string, body: string, token?: string) => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body,
    });
    return { status: response.status, body: (await response.json().catch(() => undefined)) as any };
  };

  /** Every JSON door: what it is sent, and the token it is sent with (none: not signed in). */
  const doors = (value: string) => [
    { path: "/api/connectors/v1/desk/tools/list_accounts", body: `{"limit":${value}}` },
    { path: "/mcp/desk", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_accounts","arguments":{"limit":${value}}}}` },
    { path: "/mcp/desk", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${value}}}` },
    { path: "/api/v1/placements", body: `{"accounts":${value}}` },
    { path: "/oauth/register", body: `{"client_name":"Deep","redirect_uris":${value}}` },
    { path: "/api/reception", body: `{"text":${value}}` },
    { path: "/api/agents/route", body: `{"text":${value}}` },
  ];

  it.each(DEPTHS)("%i levels: signed in, refused as invalid input naming the bound; never a 5xx", async (levels) => {
    for (const door of doors(deep(levels))) {
      const token = door.path.startsWith("/api/v1") ? key : door.path.startsWith("/oauth") || door.path.startsWith("/api/") && !door.path.includes("connectors") ? undefined : deskToken;
      const answer = await post(door.path, door.body, token);
      const where = `${door.path} ${door.body.slice(0, 60)}`;
      expect(answer.status, where).toBe(400);
      if (door.path === "/oauth/register") {
        expect(answer.body, where).toMatchObject({ error: "invalid_client_metadata", error_description: expect.stringContaining("64 levels") });
      } else {
        expect(answer.body.error, where).toMatchObject({ code: "invalid_input", message: expect.stringContaining("64 levels") });
      }
    }
  });

  it.each(DEPTHS)("%i levels: not signed in, the doors that need a token answer 401 before reading; never a 5xx", async (levels) => {
    for (const door of doors(deep(levels))) {
      const answer = await post(door.path, door.body);
      expect(answer.status, door.path).toBeLessThan(500);
      expect([400, 401], door.path).toContain(answer.status);
    }
  });

  it("64 levels, the bound itself, is read as any body (and refused only for what it says)", async () => {
    const answer = await post("/api/connectors/v1/desk/tools/list_accounts", `{"limit":${deep(63)}}`, deskToken);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).not.toContain("64 levels");
  });

  it("the place screen's save form, signed in: deep rows are refused, never a 5xx", async () => {
    const page = new BrowserSession(service.baseUrl);
    await page.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const save = await saveForm(page, "DEEP-1");
    // Percent-encoded, a bracket takes 3 bytes: 10,000 levels is about as deep as the 64 KiB form holds.
    for (const levels of [65, 10_000]) {
      const answer = await page.postForm("/desk/place/save", { ...save, rows: `[${deep(levels)}]` });
      expect(answer.status, String(levels)).toBe(400);
    }
  });
});
