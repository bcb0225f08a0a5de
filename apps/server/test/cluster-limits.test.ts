import { BrowserSession, hiddenFields } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { type ClusterFixture, startClusterFixture } from "./support/cluster-fixture.js";
import { callRest } from "./support/tool-callers.js";

/**
 * Limits are one count for the whole service, whichever process a call reaches (spec §8: 120 calls
 * per minute per grant; failed sign-ins and registrations per client address).
 */
let fixture: ClusterFixture;
beforeAll(async () => {
  fixture = await startClusterFixture();
});
afterAll(async () => {
  await fixture?.close();
});

/** Waits, when needed, so that what follows starts early in a minute and finishes inside it (real clocks here). */
async function startOfAMinute(secondsNeeded = 10): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - secondsNeeded * 1000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

describe("120 calls per minute per grant, counted once across both processes", () => {
  const call = (index: number, token: string) =>
    callRest(fixture.memberUrl(index), token, "desk", "get_connector_capabilities", {});

  it("one after another, alternating processes: the first 120 pass, the 121st is refused on either process", async () => {
    const { accessToken } = await fixture.connect({ workspace: "desk" });
    await startOfAMinute();
    for (let index = 0; index < 120; index++) {
      const answer = await call(index % 2, accessToken);
      expect(answer.status, `call ${index + 1}`).toBe(200);
    }
    const refused = [await call(0, accessToken), await call(1, accessToken)];
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(refused[0]!.body.error.code).toBe("rate_limited");
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("all at once over both processes: exactly 120 pass and the rest are refused", async () => {
    const { accessToken } = await fixture.connect({ workspace: "desk" });
    await startOfAMinute();
    const answers = await Promise.all(Array.from({ length: 140 }, (_, index) => call(index % 2, accessToken)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe("failed sign-ins per client address, counted once across both processes", () => {
  /** A failed sign-in from `address` (the proxy's X-Forwarded-For, which the processes trust from loopback). */
  async function failedSignIn(index: number, address: string): Promise<number> {
    const session = new BrowserSession(fixture.memberUrl(index));
    const form = await session.request("/signin", { headers: { "x-forwarded-for": address } });
    const fields = hiddenFields(await form.text());
    const body = new URLSearchParams({ ...fields, email: DEMO_USERS.deskOwner.email, password: "not-the-password" });
    const answer = await session.request("/signin", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    });
    return answer.status;
  }

  it("20 failures spread over both processes, then the 21st is refused on either; another address is unaffected", async () => {
    const address = "203.0.113.21";
    for (let attempt = 0; attempt < 20; attempt++) expect(await failedSignIn(attempt % 2, address), `attempt ${attempt + 1}`).toBe(401);
    expect(await failedSignIn(0, address)).toBe(429);
    expect(await failedSignIn(1, address)).toBe(429);
    expect(await failedSignIn(1, "203.0.113.22")).toBe(401);
  });
});
