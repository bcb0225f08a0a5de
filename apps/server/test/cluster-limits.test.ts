import { BrowserSession, hiddenFields } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** Waits, when needed, so that what follows finishes inside one window of the limit (real clocks here). */
async function withinOneWindow(secondsNeeded = 10, windowMs = 60_000): Promise<void> {
  const intoWindow = Date.now() % windowMs;
  if (intoWindow > windowMs - secondsNeeded * 1000) await new Promise((resolve) => setTimeout(resolve, windowMs - intoWindow + 50));
}

describe("120 calls per minute per grant, counted once across both processes", () => {
  const call = (index: number, token: string) =>
    callRest(fixture.memberUrl(index), token, "desk", "get_connector_capabilities", {});

  it("one after another, alternating processes: the first 120 pass, the 121st is refused on either process", async () => {
    const { accessToken } = await fixture.connect({ workspace: "desk" });
    await withinOneWindow();
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
    await withinOneWindow();
    const answers = await Promise.all(Array.from({ length: 140 }, (_, index) => call(index % 2, accessToken)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe("failed sign-ins per client address, counted once across both processes", () => {
  let guesses = 0;
  /** A failed sign-in from `address` (the proxy's X-Forwarded-For, which the processes trust from loopback). */
  async function failedSignIn(index: number, address: string): Promise<number> {
    const session = new BrowserSession(fixture.memberUrl(index));
    const form = await session.request("/signin", { headers: { "x-forwarded-for": address } });
    const fields = hiddenFields(await form.text());
    // A different account each time: per-account pacing (10 failures) is not what this counts.
    const body = new URLSearchParams({ ...fields, email: `guess-${++guesses}@harbor.example`, password: "not-the-password" });
    const answer = await session.request("/signin", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    });
    return answer.status;
  }

  it("20 failures spread over both processes, then the 21st is refused on either; another address is unaffected", async () => {
    const address = "203.0.113.21";
    await withinOneWindow(20, 15 * 60_000);
    for (let attempt = 0; attempt < 20; attempt++) expect(await failedSignIn(attempt % 2, address), `attempt ${attempt + 1}`).toBe(401);
    expect(await failedSignIn(0, address)).toBe(429);
    expect(await failedSignIn(1, address)).toBe(429);
    expect(await failedSignIn(1, "203.0.113.22")).toBe(401);
  });
});

describe("client registrations per address, counted once across both processes", () => {
  const register = (index: number, address: string) =>
    fetch(`${fixture.memberUrl(index)}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({
        client_name: "Limit test",
        redirect_uris: ["http://127.0.0.1:1/callback"],
        token_endpoint_auth_method: "none",
      }),
    }).then((answer) => answer.status);

  it("100 an hour: the 101st is refused on either process", async () => {
    const address = "203.0.113.31";
    await withinOneWindow(20, 60 * 60_000);
    for (let index = 0; index < 100; index++) expect(await register(index % 2, address), `registration ${index + 1}`).toBe(201);
    expect([await register(0, address), await register(1, address)]).toEqual([429, 429]);
  });
});
