import * as oauth from "oauth4webapi";
import { insecure } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** The service's clock, moved by the tests instead of sleeping. */
let now = Date.now();
let service: TestService;

beforeAll(async () => {
  service = await startTestService("sqlite", { now: () => now });
});
afterAll(async () => {
  await service?.close();
});

const capabilities = (token: string) => callRest(service.baseUrl, token, "desk", "get_connector_capabilities", {});

describe("access tokens at the connector endpoints", () => {
  it("stop working within a second of their grant being revoked at the revocation endpoint", async () => {
    const { accessToken, refreshToken, registered } = await service.connect({ workspace: "desk" });
    expect((await capabilities(accessToken)).status).toBe(200);

    const response = await oauth.revocationRequest(registered.as, registered.client, oauth.None(), refreshToken, insecure);
    await oauth.processRevocationResponse(response);

    now += 1_001; // past the verified-token cache (docs/decisions.md)
    const refused = await capabilities(accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_token");
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("stop working at their expiry after 15 minutes, even while a verification is reused", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    now += 15 * 60_000 - 500;
    expect((await capabilities(accessToken)).status).toBe(200);
    now += 501; // still within the one-second reuse of that verification, but past the expiry
    const refused = await capabilities(accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_token");
  });
});
