import { BrowserSession } from "@connector/testkit";
import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "./helpers/test-server.js";

/**
 * Failed sign-ins per address are counted by the one fixed-window counter store, in the database:
 * successful sign-ins are not counted, the limit holds across instances sharing the database,
 * and the window ends after 15 minutes.
 */
describe("failed sign-in limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!, { failedSignInsPer15Minutes: 3 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses an address after its failed sign-ins, counts only failures, and in the database", async () => {
    const session = new BrowserSession(server.baseUrl);
    const fail = () => session.signIn(server.deskOwner.email, "not the password");
    // A success is not counted.
    expect((await new BrowserSession(server.baseUrl).signIn(server.deskOwner.email, server.deskOwner.password)).status).toBe(303);
    for (let index = 0; index < 3; index += 1) expect((await fail()).status).toBe(401);
    const refused = await fail();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("Too many failed sign-ins");
    // Even the right password waits: the limit is on the address, not on the guess.
    expect((await new BrowserSession(server.baseUrl).signIn(server.deskOwner.email, server.deskOwner.password)).status).toBe(429);

    // The count lives in the database, where every instance reads it: three failures and two refused
    // attempts (each attempt is counted before it is tried; only a success gives its count back).
    expect(await signInCounts()).toEqual([5]);

    server.clock.advance(15 * 60 * 1000);
    expect((await fail()).status).toBe(401);
  });

  it("parallel guesses cannot all read the same last attempt: exactly the limit is tried", async () => {
    server.clock.advance(15 * 60 * 1000);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => new BrowserSession(server.baseUrl).signIn(server.deskOwner.email, "a parallel guess")),
    );
    const statuses = attempts.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  async function signInCounts(): Promise<number[]> {
    const rows = await server.database.db.selectFrom("rate_limit_counters").select(["bucket_key", "count"]).execute();
    return rows.filter((row) => row.bucket_key.startsWith("sign-in-failures:")).map((row) => Number(row.count));
  }
});
