import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, OAuthTestClient } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogEntry, recordingLogger, startTestServer, type TestServer } from "./helpers/test-server.js";

/**
 * The authorization server's security events name the request that caused them (`requestId`, the
 * response's `X-Request-Id`), also when it runs in a host that assigns no ids of its own: the auth
 * router gives each request its id. The lines never carry the email tried or a secret.
 */
describe("security events carry the request's id", () => {
  const logger = recordingLogger();
  let server: TestServer;
  let client: OAuthTestClient;

  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!, { logger, failedSignInsPer15Minutes: 2 });
    client = await OAuthTestClient.register(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const linesOf = (requestId: string | null): LogEntry[] =>
    logger.entries.filter((entry) => (entry.details as { requestId?: unknown }).requestId === requestId);

  it("a replayed authorization code: the warning names the replaying request", async () => {
    const session = new BrowserSession(server.baseUrl);
    await session.signIn(server.deskOwner.email, server.deskOwner.password);
    const prepared = await client.prepare();
    const params = client.validateCallback(await client.consent(session, prepared), prepared.state);
    await client.exchange(params, prepared.verifier);

    const replay = await fetch(`${server.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-request-id": "code-replay-1" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: params.get("code")!,
        redirect_uri: prepared.redirectUri,
        code_verifier: prepared.verifier,
        client_id: client.client.client_id,
        resource: `${server.baseUrl}/mcp/desk`,
      }),
    });
    expect(replay.status).toBe(400);
    expect(replay.headers.get("x-request-id")).toBe("code-replay-1");
    expect(linesOf("code-replay-1")).toContainEqual({
      level: "warn",
      message: "authorization code replayed; grant revoked",
      details: expect.objectContaining({ requestId: "code-replay-1", clientId: client.client.client_id }),
    });
  });

  it("failed sign-ins and the limit's refusal: each line names its request, not the email", async () => {
    const session = new BrowserSession(server.baseUrl);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await session.signIn(server.deskOwner.email, "not the password");
      expect(failed.status).toBe(401);
      const id = failed.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(id)).toEqual([
        { level: "warn", message: "sign-in failed", details: { reason: "wrong email or password", requestId: id } },
      ]);
    }
    const refused = await session.signIn(server.deskOwner.email, "not the password");
    expect(refused.status).toBe(429);
    const id = refused.headers.get("x-request-id");
    expect(linesOf(id)).toEqual([
      { level: "warn", message: "refused by a rate limit", details: { limit: "sign-in-failures", requestId: id } },
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain(server.deskOwner.email);
  });
});
