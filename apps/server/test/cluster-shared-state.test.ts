import { accessTokenHash, BrowserSession, dpopKeyPair, eventually, oauthError, registerClient, signProof } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "@connector/store";
import { DEMO_USERS } from "../src/demo-data.js";
import { type ClusterFixture, startClusterFixture } from "./support/cluster-fixture.js";
import { exchangeAt, refreshAt, revokeAt } from "./support/member-oauth.js";
import { callRest } from "./support/tool-callers.js";

/**
 * Two server processes on one PostgreSQL database behave as one service: what one process decides
 * (a draft for a key, a consumed code or refresh token, a revocation) holds on the other.
 */
/**
 * Verified tokens are kept for a minute here instead of a second, so a revocation that reaches the
 * other process can only have come through the revocation feed (LISTEN/NOTIFY), not the cache's expiry.
 */
const LONG_TOKEN_CACHE = { TOKEN_CACHE_TTL_MS: "60000" };
/** The stated bound is PostgreSQL's delivery of a NOTIFY (milliseconds); this is that with room for a loaded machine. */
const REVOCATION_SEEN_WITHIN_MS = 5000;

let fixture: ClusterFixture;
beforeAll(async () => {
  fixture = await startClusterFixture({ env: LONG_TOKEN_CACHE, empty: true });
});
afterAll(async () => {
  await fixture?.close();
});

const count = (query: string, values?: unknown[]) => fixture.count(query, values);

describe("two processes started together on one empty PostgreSQL database", () => {
  it("migrate and seed it once (the start-up lock), and both serve", async () => {
    expect(await count("select count(*) from kysely_migration")).toBe(Object.keys(migrations).length);
    expect(await count("select count(*) from desks")).toBe(2);
    expect(await count("select count(*) from users")).toBe(2);
    expect(await count("select count(*) from accounts")).toBe(320);

    const { accessToken } = await fixture.connect({ workspace: "desk" });
    for (const index of [0, 1]) {
      expect((await fetch(`${fixture.memberUrl(index)}/readyz`)).status).toBe(200);
      const page = await callRest(fixture.memberUrl(index), accessToken, "desk", "list_accounts", { limit: 5 });
      expect(page.status).toBe(200);
      expect(page.body.accounts).toHaveLength(5);
    }
  });
});

describe("one idempotency key, retried on both processes at once", () => {
  it("leaves one draft, and every retry gets that draft back", async () => {
    const { accessToken } = await fixture.connect({ workspace: "desk" });
    const args = {
      title: "Cross-process retry",
      accounts: [{ reference: "X-1", name: "Robin Lee", amount: 99.5 }],
      idempotencyKey: "cross-process-retry-0001",
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        callRest(fixture.memberUrl(index % 2), accessToken, "desk", "create_placement_draft", args),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const ids = new Set(answers.map((answer) => answer.body.draft.draftId));
    expect(ids.size).toBe(1);
    expect(await count("select count(*) from placement_drafts where title = 'Cross-process retry'")).toBe(1);
  });
});

describe("OAuth across processes", () => {
  it("an authorization code exchanged at both processes at once is redeemed once", async () => {
    const session = new BrowserSession(fixture.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const registered = await registerClient(fixture.baseUrl);
    const resource = `${fixture.baseUrl}/mcp/desk`;
    const prepared = await registered.prepare({ scope: "desk:read", resource });
    const callback = await registered.consent(session, prepared);
    const params = registered.validateCallback(callback, prepared.state);

    const outcomes = await Promise.allSettled(
      [0, 1].map((index) => exchangeAt(registered, fixture.memberUrl(index), params, prepared.verifier, resource)),
    );
    const redeemed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(redeemed).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(await oauthError(Promise.reject(refused.reason))).toMatchObject({ error: "invalid_grant" });
  });

  it("a refresh token rotated on one process is consumed on the other; its reuse there revokes the grant", async () => {
    const connection = await fixture.connect({ workspace: "desk" });
    const rotated = await refreshAt(connection.registered, fixture.memberUrl(0), connection.refreshToken);
    expect(rotated.refresh_token).toBeDefined();

    const reuse = await oauthError(refreshAt(connection.registered, fixture.memberUrl(1), connection.refreshToken));
    expect(reuse.error).toBe("invalid_grant");
    // The grant is gone for every process: the newest refresh token is refused too.
    const afterReuse = await oauthError(refreshAt(connection.registered, fixture.memberUrl(0), rotated.refresh_token!));
    expect(afterReuse.error).toBe("invalid_grant");
    const [grant] = await fixture.query<{ grant_id: string }>(
      "select grant_id from oauth_tokens where token_hash = encode(sha256($1::bytea), 'hex')",
      [connection.refreshToken],
    );
    expect(await count("select count(*) from oauth_grants where id = $1 and revoked_at is not null", [grant!.grant_id])).toBe(1);
    expect(await count("select count(*) from oauth_tokens where grant_id = $1 and revoked_at is null", [grant!.grant_id])).toBe(0);
  });
});

describe("revocation across processes", () => {
  const listAt = (index: number, token: string) => callRest(fixture.memberUrl(index), token, "desk", "list_accounts", { limit: 1 });

  /** Whether process `index` refuses the token within `boundMs` (polled: the feed's delivery is not observable otherwise). */
  const refusedWithin = (index: number, token: string, boundMs: number) =>
    eventually(async () => (await listAt(index, token)).status === 401, boundMs, 25);

  it("a grant revoked at one process (RFC 7009, refresh token) is refused by the other at once, though it had the token cached", async () => {
    const connection = await fixture.connect({ workspace: "desk" });
    // Both processes have verified (and cached) the access token.
    expect((await listAt(0, connection.accessToken)).status).toBe(200);
    expect((await listAt(1, connection.accessToken)).status).toBe(200);

    await revokeAt(connection.registered, fixture.memberUrl(0), connection.refreshToken);
    expect((await listAt(0, connection.accessToken)).status).toBe(401);
    expect(await refusedWithin(1, connection.accessToken, REVOCATION_SEEN_WITHIN_MS)).toBe(true);
  });

  it("an access token revoked at one process is refused by the other; the grant's other tokens keep working", async () => {
    const connection = await fixture.connect({ workspace: "desk" });
    const rotated = await refreshAt(connection.registered, fixture.memberUrl(0), connection.refreshToken);
    for (const index of [0, 1]) {
      expect((await listAt(index, connection.accessToken)).status).toBe(200);
      expect((await listAt(index, rotated.access_token)).status).toBe(200);
    }
    await revokeAt(connection.registered, fixture.memberUrl(1), connection.accessToken);
    expect(await refusedWithin(0, connection.accessToken, REVOCATION_SEEN_WITHIN_MS)).toBe(true);
    expect((await listAt(0, rotated.access_token)).status).toBe(200);
  });

  it("refresh-token reuse detected at one process ends the grant's access tokens cached at the other", async () => {
    const connection = await fixture.connect({ workspace: "desk" });
    const rotated = await refreshAt(connection.registered, fixture.memberUrl(1), connection.refreshToken);
    expect((await listAt(0, rotated.access_token)).status).toBe(200);
    await oauthError(refreshAt(connection.registered, fixture.memberUrl(1), connection.refreshToken));
    expect(await refusedWithin(0, rotated.access_token, REVOCATION_SEEN_WITHIN_MS)).toBe(true);
  });
});

describe("one DPoP proof presented to both processes (RFC 9449 §11.1)", () => {
  it("is accepted once: the other process refuses it as a replay, and each takes the other's nonce", async () => {
    const key = await dpopKeyPair();
    const { accessToken } = await fixture.connect({ workspace: "desk", dpopKey: key });
    const path = "/api/connectors/v1/desk/tools/list_accounts";
    const nonceFrom = async (index: number) =>
      (await fetch(`${fixture.memberUrl(index)}/oauth/token`, { method: "POST", headers: { dpop: "x" } })).headers.get("dpop-nonce")!;
    // The nonce is the same on both processes: it is derived from one secret kept in the database.
    expect(await nonceFrom(0)).toBe(await nonceFrom(1));
    // The proof names the service's public address (BASE_URL, the proxy), wherever the request lands.
    const proof = await signProof(key, { htm: "POST", htu: `${fixture.baseUrl}${path}`, ath: await accessTokenHash(accessToken), nonce: await nonceFrom(0) });
    const send = (index: number) =>
      fetch(`${fixture.memberUrl(index)}${path}`, {
        method: "POST",
        headers: { authorization: `DPoP ${accessToken}`, dpop: proof, "content-type": "application/json" },
        body: JSON.stringify({ limit: 1 }),
      });
    const first = await send(1);
    expect(first.status).toBe(200);
    const replay = await send(0);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe("invalid_dpop_proof");
    expect(replay.headers.get("www-authenticate")).toContain('DPoP error="invalid_dpop_proof"');
    expect(await count("select count(*) from dpop_proofs")).toBeGreaterThanOrEqual(1);
  });
});
