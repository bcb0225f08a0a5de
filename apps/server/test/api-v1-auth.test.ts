import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer, createDemoDeskUser } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";

describe.each(TEST_DIALECTS)("/api/v1 authentication on %s", (dialect) => {
  let service: TestService;
  let owner: ApiSession;
  beforeAll(async () => {
    service = await startTestService(dialect);
    owner = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("discovers endpoints, auth methods and the version without credentials", async () => {
    const discovery = await callWithBearer(service.baseUrl, undefined, "GET", "");
    expect(discovery.status).toBe(200);
    expect(discovery.body.version).toBe("1.1.0");
    expect(discovery.body.authentication.map((method: any) => method.method)).toEqual(["session", "desk_key"]);
    const paths = discovery.body.endpoints.map((endpoint: any) => `${endpoint.method} ${endpoint.path}`);
    expect(paths).toEqual(expect.arrayContaining(["GET /api/v1/me", "POST /api/v1/placements", "GET /api/v1/workflows/events"]));
    const openapi = await callWithBearer(service.baseUrl, undefined, "GET", "/openapi.json");
    expect(openapi.body.openapi).toBe("3.1.0");
    expect(openapi.body.servers).toEqual([{ url: `${service.baseUrl}/api/v1` }]);
  });

  it("refuses a request without credentials with 401 and the one error body", async () => {
    const response = await callWithBearer(service.baseUrl, undefined, "GET", "/me");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(response.body).toEqual({
      error: { code: "authentication_required", message: expect.any(String), requestId: response.headers.get("x-request-id") },
    });
  });

  it("knows a signed-in owner, and refuses a session write without its CSRF token", async () => {
    const me = await owner.call("GET", "/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ kind: "desk", via: "session", role: "owner", deskId: service.service.demo!.summary.deskId });
    expect(me.body.deskName).toBe("Harbor Recovery Partners");
    const forged = await owner.call("POST", "/keys", { name: "forged" }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("csrf_failed");
  });

  it("refuses a connector OAuth token with 401", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const response = await callWithBearer(service.baseUrl, accessToken, "GET", "/me");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("invalid_api_key");
  });

  it("refuses a Resolve consumer on Desk endpoints and at key minting with 403", async () => {
    const consumer = await ApiSession.signIn(service.baseUrl, DEMO_USERS.consumer);
    for (const [method, path, body] of [
      ["GET", "/placements", undefined],
      ["POST", "/keys", { name: "consumer key" }],
      ["GET", "/workflows/runs", undefined],
    ] as const) {
      const response = await consumer.call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("desk_required");
    }
  });

  it("mints a named key shown once, lists it without the key, and refuses it at once after revocation", async () => {
    const minted = await owner.call("POST", "/keys", { name: "Placement agent" });
    expect(minted.status).toBe(201);
    expect(minted.body.key).toMatch(/^service_live_[A-Za-z0-9_-]{43}$/);
    expect(minted.headers.get("cache-control")).toBe("no-store");
    const { key } = minted.body;
    const { keyId } = minted.body.deskKey;

    const me = await callWithBearer(service.baseUrl, key, "GET", "/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ kind: "desk", via: "desk_key", keyId, userId: null });
    expect(JSON.stringify(me.body)).not.toContain(key);

    const listed = await owner.call("GET", "/keys");
    const entry = listed.body.keys.find((item: any) => item.keyId === keyId);
    expect(entry).toMatchObject({ name: "Placement agent", revokedAt: null });
    expect(entry.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const stored = await service.service.database.db
      .withTables<{ desk_keys: { key_hash: string; id: string } }>()
      .selectFrom("desk_keys")
      .select("key_hash")
      .where("id", "=", keyId)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key.slice(13));

    // A key cannot mint keys; nor can a member.
    const byKey = await callWithBearer(service.baseUrl, key, "POST", "/keys", { name: "another" });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe("owner_required");
    const member = await ApiSession.signIn(service.baseUrl, await createDemoDeskUser(service, "member"));
    expect((await member.call("POST", "/keys", { name: "member key" })).body.error.code).toBe("owner_required");

    expect((await owner.call("DELETE", `/keys/${keyId}`)).status).toBe(200);
    const refused = await callWithBearer(service.baseUrl, key, "GET", "/placements");
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_api_key");
  });

  it("refuses a body over 64 KiB with 413 and personal data in a key name with 400", async () => {
    const large = await owner.call("POST", "/keys", { name: "x".repeat(70 * 1024) });
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe("payload_too_large");
    const personal = await owner.call("POST", "/keys", { name: "agent 123-45-6789" });
    expect(personal.status).toBe(400);
    expect(personal.body.error).toMatchObject({ code: "forbidden_personal_data", field: "name" });
    expect(JSON.stringify(personal.body)).not.toContain("123-45-6789");
  });
});
