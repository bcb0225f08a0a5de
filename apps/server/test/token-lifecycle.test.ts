import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** The service's clock, moved by the tests instead of sleeping. */
let now = Date.now();
let service: TestService;

beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT, { now: () => now });
});
afterAll(async () => {
  await service?.close();
});

const capabilities = (token: string) => callRest(service.baseUrl, token, "desk", "get_connector_capabilities", {});

describe("access tokens at the connector endpoints", () => {
  // Revocation (which bites at once, despite the reuse of verifications) is tested in revocation.test.ts.
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
