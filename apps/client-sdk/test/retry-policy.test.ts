import { describe, expect, it } from "vitest";
import { isRetryableStatus, retryDelayMs } from "../src/retry-policy.js";

describe("retry policy", () => {
  it("retries 408, 429 and 5xx only", () => {
    expect([408, 429, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413].some(isRetryableStatus)).toBe(false);
  });

  it("honours Retry-After in seconds", () => {
    expect(retryDelayMs(0, new Headers({ "retry-after": "7" }))).toBe(7000);
  });

  it("otherwise backs off exponentially with jitter between half and all of the ceiling", () => {
    expect(retryDelayMs(0, undefined, () => 0)).toBe(250);
    expect(retryDelayMs(0, undefined, () => 1)).toBe(500);
    expect(retryDelayMs(2, undefined, () => 1)).toBe(2000);
    expect(retryDelayMs(10, undefined, () => 1)).toBe(8000);
  });
});
