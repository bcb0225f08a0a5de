import { inspect } from "node:util";
import { SHARED_DATABASE_IN_RUN, SHARED_TEST_DIALECT, TEST_DIALECTS, type TestDialect } from "@connector/store/testing";
import { BrowserSession, consentFields, hiddenFields, OAuthTestClient } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogEntry, recordingLogger, startTestServer, type TestServer } from "./helpers/test-server.js";

type GrantAndCodeTables = {
  oauth_grants: { id: string; client_id: string };
  oauth_codes: { id: string; client_id: string };
};

/** Everything a log entry would put in a log line, errors included (message, stack, own fields). */
function printed(entry: LogEntry): string {
  return inspect(entry.details, { depth: null, showHidden: true });
}

/** Opens the authorization page signed in and submits consent with every box ticked. */
async function submitConsent(session: BrowserSession, client: OAuthTestClient): Promise<Response> {
  const prepared = await client.prepare();
  const page = await session.request(prepared.url);
  expect(page.status).toBe(200);
  const fields = consentFields(await page.text());
  return session.postForm("/oauth/consent", { ...fields, granted_scope: fields.scope!.split(" "), decision: "allow" });
}

/**
 * Consent writes the grant and its code in one transaction: when the code cannot be stored, no
 * grant is left behind. The failure is a real one, a unique index the code insert violates, and
 * what reaches the log of it is the error's class, code and frames, never the driver's message
 * or detail (PostgreSQL's detail quotes the duplicated value).
 */
/** What each database driver calls a unique-index violation. */
const UNIQUE_VIOLATION_CODE: Record<TestDialect, string> = { postgres: "23505", sqlite: "SQLITE_CONSTRAINT_UNIQUE" };

for (const dialect of TEST_DIALECTS) {
  describe(`issuing a code when the code cannot be stored (${dialect})`, () => {
    const INDEX = "oauth_codes_one_per_client_for_test";
    const logger = recordingLogger();
    let server: TestServer;
    let session: BrowserSession;

    beforeAll(async () => {
      server = await startTestServer(dialect, { logger });
      session = new BrowserSession(server.baseUrl);
      await session.signIn(server.deskOwner.email, server.deskOwner.password);
    });
    afterAll(async () => {
      await server?.close();
    });

    const rowsOf = async (table: keyof GrantAndCodeTables, clientId: string) =>
      server.database.db
        .withTables<GrantAndCodeTables>()
        .selectFrom(table)
        .select("id")
        .where("client_id", "=", clientId)
        .execute();

    it("leaves no grant behind, answers 500, and logs no message or row value", async () => {
      const client = await OAuthTestClient.register(server, { client_name: "Half-Written Agent" });
      const clientId = client.client.client_id;
      await server.database.db.schema.createIndex(INDEX).unique().on("oauth_codes").column("client_id").execute();
      try {
        await client.connect(session);
        expect(await rowsOf("oauth_grants", clientId)).toHaveLength(1);

        // The second code of the same client violates the index after its grant was written.
        logger.entries.length = 0;
        const refused = await submitConsent(session, client);
        expect(refused.status).toBe(500);
        expect(await refused.text()).toContain("unexpected error");
        expect(await rowsOf("oauth_grants", clientId)).toHaveLength(1);
        expect(await rowsOf("oauth_codes", clientId)).toHaveLength(1);

        const errors = logger.entries.filter((entry) => entry.level === "error");
        expect(errors).toHaveLength(1);
        const err = (errors[0]!.details as { err: { name: string; code: unknown; frames: string[] } }).err;
        expect(err.code).toBe(UNIQUE_VIOLATION_CODE[dialect]);
        expect(err.frames.length).toBeGreaterThan(0);
        expect(err.frames.every((frame) => frame.startsWith("at "))).toBe(true);
        const line = printed(errors[0]!);
        expect(line).not.toContain(INDEX);
        expect(line).not.toContain(clientId);
        expect(line).not.toMatch(/duplicate key|UNIQUE constraint/i);
      } finally {
        await server.database.db.schema.dropIndex(INDEX).execute();
      }
      // Nothing half-written blocks the next consent.
      await client.connect(session);
      expect(await rowsOf("oauth_grants", clientId)).toHaveLength(2);
    });
  });
}

/**
 * The store turns a lost database into core's `store_unavailable` error. The JSON endpoints answer
 * it as RFC 6749 `temporarily_unavailable` with `Retry-After`, the pages with a 503 page; only
 * discovery, which needs no database, still answers. The database is dropped under the running server.
 */
describe.skipIf(!SHARED_DATABASE_IN_RUN)("an unreachable database (postgres)", () => {
  const logger = recordingLogger();
  let server: TestServer;
  let session: BrowserSession;
  let client: OAuthTestClient;
  let refreshToken: string;
  let authorizationUrl: URL;
  let consentForm: Record<string, string>;
  let signInSession: BrowserSession;
  let signInForm: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(SHARED_TEST_DIALECT, { logger });
    session = new BrowserSession(server.baseUrl);
    await session.signIn(server.deskOwner.email, server.deskOwner.password);
    client = await OAuthTestClient.register(server);
    refreshToken = (await client.connect(session)).refresh_token!;
    const prepared = await client.prepare();
    authorizationUrl = prepared.url;
    consentForm = consentFields(await (await session.request(prepared.url)).text());
    signInSession = new BrowserSession(server.baseUrl);
    signInForm = hiddenFields(await (await signInSession.request("/signin")).text());

    logger.entries.length = 0;
    await server.dropDatabase();
  });
  afterAll(async () => {
    await server?.close();
  });

  const expectTemporarilyUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("5");
    expect(((await response.json()) as { error: string }).error).toBe("temporarily_unavailable");
  };

  const expectUnavailablePage = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.text()).toContain("Temporarily unavailable");
  };

  it("token endpoint: 503 temporarily_unavailable", async () => {
    const body = new URLSearchParams({
      grant_type: "refresh_token",
      client_id: client.client.client_id,
      refresh_token: refreshToken,
    });
    await expectTemporarilyUnavailable(await fetch(`${server.baseUrl}/oauth/token`, { method: "POST", body }));
  });

  it("registration endpoint: 503 temporarily_unavailable", async () => {
    const response = await fetch(`${server.baseUrl}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Late Agent", redirect_uris: [server.callbackUrl] }),
    });
    await expectTemporarilyUnavailable(response);
  });

  it("revocation endpoint: 503 temporarily_unavailable", async () => {
    const body = new URLSearchParams({ client_id: client.client.client_id, token: refreshToken });
    await expectTemporarilyUnavailable(await fetch(`${server.baseUrl}/oauth/revoke`, { method: "POST", body }));
  });

  it("authorization, consent and sign-in pages: a 503 page", async () => {
    await expectUnavailablePage(await session.request(authorizationUrl));
    await expectUnavailablePage(
      await session.postForm("/oauth/consent", {
        ...consentForm,
        granted_scope: consentForm.scope!.split(" "),
        decision: "allow",
      }),
    );
    await expectUnavailablePage(
      await signInSession.postForm("/signin", {
        ...signInForm,
        email: server.deskOwner.email,
        password: server.deskOwner.password,
      }),
    );
  });

  it("discovery still answers: it does not touch the database", async () => {
    const response = await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
  });

  it("logs the outage as a warning, without the driver's message", () => {
    expect(logger.entries.length).toBeGreaterThan(0);
    expect(logger.entries.filter((entry) => entry.level === "error")).toEqual([]);
    for (const entry of logger.entries) {
      expect(entry).toMatchObject({ level: "warn", message: "authorization server cannot reach its database" });
      expect((entry.details as { err: { code: unknown } }).err.code).toBe("store_unavailable");
      expect(printed(entry)).not.toMatch(/does not exist|terminat|auth_test_|cannot reach its database/i);
    }
  });
});
