import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.js";

/** The session cookie a sign-in answer set (`name=value`). */
const sessionCookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.includes("connector_session=") && !pair.endsWith("="));

for (const dialect of TEST_DIALECTS) {
  describe(`sign-in and the sessions it ends (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      // The per-address limit is raised so that only the per-account pacing is seen here (sign-in-limit.test.ts has the other).
      server = await startTestServer(dialect, { failedSignInsPer15Minutes: 1000 });
    });
    afterAll(async () => {
      await server?.close();
    });

    /** Whether a request carrying only `cookie` is signed in (a signed-in person opening /signin is sent home). */
    const signedIn = async (cookie: string) => (await fetch(`${server.baseUrl}/signin`, { headers: { cookie }, redirect: "manual" })).status === 303;

    it("signing in as someone else without signing out ends the first person's session on the server", async () => {
      const browser = new BrowserSession(server.baseUrl);
      const first = sessionCookieOf(await browser.signIn(server.deskOwner.email, server.deskOwner.password));
      expect(first).toBeDefined();
      expect(await signedIn(first!)).toBe(true);
      // The form stays for a signed-in person who is sent somewhere after (signing in as someone else).
      const second = sessionCookieOf(await browser.signIn(server.consumer.email, server.consumer.password, "/"));
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // A copy of the first cookie (another tab's, a stolen one) is no longer a session.
      expect(await signedIn(first!)).toBe(false);
      expect(await signedIn(second!)).toBe(true);
      const owners = await server.database.db
        .withTables<{ sessions: { user_id: string } }>()
        .selectFrom("sessions")
        .select("user_id")
        .where("user_id", "=", server.deskOwner.userId)
        .execute();
      expect(owners).toEqual([]);
    });

    it("paces an account after 10 failed sign-ins from anywhere, one attempt per 10 s, and never locks its owner out", async () => {
      // Start just after a quarter-hour boundary (the counters' fixed windows), so the test stays inside them.
      const quarter = 15 * 60 * 1000;
      server.clock.advance(quarter - (server.clock.now() % quarter) + 1000);
      const attempt = (password: string, email = server.deskOwner.email) => new BrowserSession(server.baseUrl).signIn(email, password);
      for (let index = 0; index < 10; index++) expect((await attempt(`guess ${index}`)).status, `guess ${index + 1}`).toBe(401);
      // Past ten: one attempt in each 10-second slot is tried, the next waits.
      expect((await attempt("guess 11")).status).toBe(401);
      const paced = await attempt("guess 12");
      expect(paced.status).toBe(429);
      expect(Number(paced.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await paced.text()).toContain("the account is not locked");
      expect((await attempt(server.deskOwner.password)).status).toBe(429);
      // Another account is not slowed.
      expect((await attempt(server.consumer.password, server.consumer.email)).status).toBe(303);
      // Seconds later the owner signs in.
      server.clock.advance(10_000);
      expect((await attempt(server.deskOwner.password)).status).toBe(303);
    });
  });
}
