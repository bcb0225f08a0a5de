import { describe, expect, it } from "vitest";
import { isRetryableStatus, retryDelayMs } from "../src/retry-policy.js";

describe("retry policy", () => {
  it("retries 429, 503 and a gateway's 502 and 504 only; never 400, 401, 403, 404, 409 or 500", () => {
    expect([429, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 500].some(isRetryableStatus)).toBe(false);
  });

  it("honours Retry-After in seconds and as an HTTP date", () => {
    expect(retryDelayMs(0, new Headers({ "retry-after": "7" }))).toBe(7000);
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(retryDelayMs(0, new Headers({ "retry-after": "Mon, 23 Nov 2026 10:00:03 GMT" }), {}, Math.random, now)).toBe(3000);
  });

  it("otherwise backs off exponentially with jitter between half and all of the ceiling", () => {
    expect(retryDelayMs(0, undefined, {}, () => 0)).toBe(250);
    expect(retryDelayMs(0, undefined, {}, () => 1)).toBe(500);
    expect(retryDelayMs(2, undefined, {}, () => 1)).toBe(2000);
    expect(retryDelayMs(10, undefined, {}, () => 1)).toBe(8000);
    expect(retryDelayMs(1, undefined, { baseDelayMs: 10, maxDelayMs: 15 }, () => 1)).toBe(15);
  });
});
