import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/** A clock parked in the middle of a minute, so the 121 calls land in one rate-limit window. */
let now = Date.UTC(2026, 10, 22, 12, 0, 30);

let service: TestService;
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT, { now: () => now });
});
afterAll(async () => {
  await service?.close();
});

describe("rate limit: 120 requests per minute per grant (spec §8)", () => {
  it("answers the 121st call in a minute with 429, Retry-After and RateLimit headers; the next window is open", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const other = await service.connect({ workspace: "desk" });
    const call = (token: string) => callRest(service.baseUrl, token, "desk", "get_connector_capabilities", {});

    for (let index = 1; index <= 120; index++) {
      const response = await call(accessToken);
      expect(response.status, `call ${index}`).toBe(200);
    }
    const refused = await call(accessToken);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.headers.get("ratelimit-policy")).toBe('"per-grant";q=120;w=60');
    expect(refused.headers.get("ratelimit")).toBe('"per-grant";r=0;t=30');

    // Another grant has its own count.
    expect((await call(other.accessToken)).status).toBe(200);

    now += 30_000;
    expect((await call(accessToken)).status).toBe(200);
  });
});
