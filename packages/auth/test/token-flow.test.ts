import { ACCESS_TOKEN_TTL_MS, AUTHORIZATION_CODE_TTL_MS, DPOP_ALGORITHMS, REFRESH_TOKEN_TTL_MS } from "@connector/auth";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, insecure, OAuthTestClient, oauthError } from "@connector/testkit";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { useSignedInDeskOwner } from "./helpers/signed-in-fixture.js";
import { callResource, type TestServer } from "./helpers/test-server.js";

/** Every challenge of the guard also offers DPoP (RFC 9449 §7.1), with the algorithms it accepts. */
const DPOP_OFFER = `, DPoP algs="${DPOP_ALGORITHMS.join(" ")}"`;

/** Spec §5.1 token endpoint and refresh rotation, driven by oauth4webapi over loopback HTTP. */
for (const dialect of TEST_DIALECTS) {
  describe(`token flow (${dialect})`, () => {
    const f = useSignedInDeskOwner(dialect);

    it("issues 15-minute access and refresh tokens for a PKCE code, usable on the Desk resource", async () => {
      const tokens = await f.client.connect(f.session);
      expect(tokens.token_type).toBe("bearer");
      expect(tokens.expires_in).toBe(ACCESS_TOKEN_TTL_MS / 1000);
      expect(tokens.scope).toBe("desk:read desk:drafts");
      expect(tokens.refresh_token).toEqual(expect.any(String));
      const call = await callResource(f.server, "/mcp/desk?scope=desk:drafts", tokens.access_token);
      expect(call.status).toBe(200);
      expect(call.body.principal).toMatchObject({
        workspace: "desk",
        deskId: f.server.deskId,
        userId: f.server.deskOwner.userId,
        clientId: f.client.client.client_id,
        scopes: ["desk:read", "desk:drafts"],
      });
      expect(call.body.principal.consumerId).toBeUndefined();
    });

    it("stores tokens only as SHA-256 hashes", async () => {
      const tokens = await f.client.connect(f.session);
      const rows = await f.server.database.db.withTables<{ oauth_tokens: { token_hash: string } }>()
        .selectFrom("oauth_tokens")
        .select("token_hash")
        .execute();
      const hashes = rows.map((row) => row.token_hash);
      expect(hashes).not.toContain(tokens.access_token);
      expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    });

    it("revokes the grant and its tokens when a code is used twice", async () => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      const tokens = await f.client.exchange(params, prepared.verifier);
      expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(200);
      expect(await oauthError(f.client.exchange(params, prepared.verifier))).toEqual({ error: "invalid_grant", status: 400 });
      expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(401);
      expect(await oauthError(f.client.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
    });

    it("issues tokens once when the same code is redeemed twice at the same moment, then revokes them", async () => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      const outcomes = await Promise.allSettled([
        f.client.exchange(params, prepared.verifier),
        f.client.exchange(params, prepared.verifier),
      ]);
      const issued = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(issued).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === "rejected")!;
      expect(await oauthError(Promise.reject(refused.reason))).toEqual({ error: "invalid_grant", status: 400 });
      expect((await callResource(f.server, "/mcp/desk", issued[0]!.value.access_token)).status).toBe(401);
    });

    it("refuses a wrong PKCE verifier", async () => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      const wrong = oauth.generateRandomCodeVerifier();
      expect(await oauthError(f.client.exchange(params, wrong))).toEqual({ error: "invalid_grant", status: 400 });
    });

    it("refuses a code exchange without a code_verifier", async () => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      expect(await oauthError(f.client.exchange(params, oauth.nopkce))).toEqual({ error: "invalid_grant", status: 400 });
    });

    it("refuses a code_verifier for a code issued without a code_challenge", async () => {
      // Authorization never issues such a code, so it is planted through the real store.
      const code = await plantCodeWithoutChallenge(f.server, f.client);
      const callback = new URL(f.client.redirectUri);
      callback.search = new URLSearchParams({ code, state: "planted-state-0123456789", iss: f.server.baseUrl }).toString();
      const params = f.client.validateCallback(callback, "planted-state-0123456789");
      expect(await oauthError(f.client.exchange(params, oauth.generateRandomCodeVerifier()))).toEqual({
        error: "invalid_grant",
        status: 400,
      });
    });

    it("refuses a redirect_uri at the token endpoint that differs from the authorization request", async () => {
      const other = `${f.server.baseUrl}/callback/other`;
      const twoUris = await OAuthTestClient.register(f.server, { redirect_uris: [f.server.callbackUrl, other] });
      const prepared = await twoUris.prepare();
      const params = twoUris.validateCallback(await twoUris.consent(f.session, prepared), prepared.state);
      expect(await oauthError(twoUris.exchange(params, prepared.verifier, { redirectUri: other }))).toEqual({
        error: "invalid_grant",
        status: 400,
      });
    });

    it("refuses a resource at the token endpoint that differs from the authorization request", async () => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      const resolve = `${f.server.baseUrl}/mcp/resolve`;
      expect(await oauthError(f.client.exchange(params, prepared.verifier, { resource: resolve }))).toEqual({
        error: "invalid_target",
        status: 400,
      });
    });

    it("uses the grant's binding when the token request omits resource (spec §5.1.5)", async () => {
      const tokens = await f.client.connect(f.session, { resource: null, scope: "desk:read" });
      expect(tokens.scope).toBe("desk:read");
      expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(200);
    });

    it("refuses a code presented by another client", async () => {
      const other = await OAuthTestClient.register(f.server);
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      const stolen = oauth.authorizationCodeGrantRequest(
        other.as,
        other.client,
        oauth.None(),
        params,
        f.client.redirectUri,
        prepared.verifier,
        { ...insecure, additionalParameters: { resource: `${f.server.baseUrl}/mcp/desk` } },
      );
      expect(await oauthError(stolen.then((response) => oauth.processAuthorizationCodeResponse(other.as, other.client, response)))).toEqual({
        error: "invalid_grant",
        status: 400,
      });
    });

    it("refuses a code older than 2 minutes", async () => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      f.server.clock.advance(AUTHORIZATION_CODE_TTL_MS + 1000);
      expect(await oauthError(f.client.exchange(params, prepared.verifier))).toEqual({ error: "invalid_grant", status: 400 });
    });

    it("rotates the refresh token on every use", async () => {
      const first = await f.client.connect(f.session);
      const second = await f.client.refresh(first.refresh_token!);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.scope).toBe("desk:read desk:drafts");
      expect((await callResource(f.server, "/mcp/desk", second.access_token)).status).toBe(200);
      const third = await f.client.refresh(second.refresh_token!);
      expect((await callResource(f.server, "/mcp/desk", third.access_token)).status).toBe(200);
    });

    it("revokes the whole grant when a rotated refresh token is reused", async () => {
      const first = await f.client.connect(f.session);
      const second = await f.client.refresh(first.refresh_token!);
      expect(await oauthError(f.client.refresh(first.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect(await oauthError(f.client.refresh(second.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect((await callResource(f.server, "/mcp/desk", second.access_token)).status).toBe(401);
    });

    it("rotates once when one refresh token is presented twice at the same moment, then revokes the grant", async () => {
      const tokens = await f.client.connect(f.session);
      const outcomes = await Promise.allSettled([f.client.refresh(tokens.refresh_token!), f.client.refresh(tokens.refresh_token!)]);
      const rotated = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(rotated).toHaveLength(1);
      expect((await callResource(f.server, "/mcp/desk", rotated[0]!.value.access_token)).status).toBe(401);
    });

    it("lets a refresh narrow the scope", async () => {
      const tokens = await f.client.connect(f.session);
      const narrowed = await f.client.refresh(tokens.refresh_token!, { scope: "desk:read" });
      expect(narrowed.scope).toBe("desk:read");
      expect((await callResource(f.server, "/mcp/desk?scope=desk:drafts", narrowed.access_token)).status).toBe(403);
      // The refresh token keeps what was granted: a later refresh may return to it, never beyond.
      const restored = await f.client.refresh(narrowed.refresh_token!);
      expect(restored.scope).toBe("desk:read desk:drafts");
    });

    it("refuses a refresh that widens the scope", async () => {
      const tokens = await f.client.connect(f.session, { scope: "desk:read" });
      expect(await oauthError(f.client.refresh(tokens.refresh_token!, { scope: "desk:read desk:drafts" }))).toEqual({
        error: "invalid_scope",
        status: 400,
      });
      expect(await oauthError(f.client.refresh(tokens.refresh_token!, { scope: "resolve:read" }))).toEqual({
        error: "invalid_scope",
        status: 400,
      });
    });

    it("refuses a refresh with a resource other than the grant's", async () => {
      const tokens = await f.client.connect(f.session);
      expect(await oauthError(f.client.refresh(tokens.refresh_token!, { resource: `${f.server.baseUrl}/mcp/resolve` }))).toEqual({
        error: "invalid_target",
        status: 400,
      });
    });

    it("refuses another client's refresh token without revoking it", async () => {
      const tokens = await f.client.connect(f.session);
      const other = await OAuthTestClient.register(f.server);
      expect(await oauthError(other.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      const refreshed = await f.client.refresh(tokens.refresh_token!);
      expect((await callResource(f.server, "/mcp/desk", refreshed.access_token)).status).toBe(200);
    });

    it("refuses a refresh token older than 7 days", async () => {
      const tokens = await f.client.connect(f.session);
      f.server.clock.advance(REFRESH_TOKEN_TTL_MS + 1000);
      expect(await oauthError(f.client.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
    });

    it("rejects an access token after 15 minutes", async () => {
      const tokens = await f.client.connect(f.session);
      expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(200);
      f.server.clock.advance(ACCESS_TOKEN_TTL_MS);
      const call = await callResource(f.server, "/mcp/desk", tokens.access_token);
      expect(call.status).toBe(401);
      expect(call.body.error.code).toBe("invalid_token");
      expect(call.wwwAuthenticate).toBe(
        `Bearer resource_metadata="${f.server.baseUrl}/.well-known/oauth-protected-resource/mcp/desk", error="invalid_token", error_description="The access token is expired, revoked or unknown. Refresh it or connect again."${DPOP_OFFER}`,
      );
    });

    it("rejects a Desk token on the Resolve resource with 401 wrong_workspace, told apart from an expired token", async () => {
      const tokens = await f.client.connect(f.session);
      const call = await callResource(f.server, "/mcp/resolve", tokens.access_token);
      expect(call.status).toBe(401);
      expect(call.body.error.code).toBe("wrong_workspace");
      expect(call.wwwAuthenticate).toBe(
        `Bearer resource_metadata="${f.server.baseUrl}/.well-known/oauth-protected-resource/mcp/resolve", error="invalid_token", error_description="This access token is for the desk workspace, not resolve; refreshing it cannot help. Connect resolve separately."${DPOP_OFFER}`,
      );
    });

    it("issues Resolve tokens to a consumer, carrying the consumer id", async () => {
      const consumerSession = new BrowserSession(f.server.baseUrl);
      await consumerSession.signIn(f.server.consumer.email, f.server.consumer.password);
      const resource = `${f.server.baseUrl}/mcp/resolve`;
      const tokens = await f.client.connect(consumerSession, { resource });
      expect(tokens.scope).toBe("resolve:read resolve:drafts");
      const call = await callResource(f.server, "/mcp/resolve?scope=resolve:drafts", tokens.access_token);
      expect(call.status).toBe(200);
      expect(call.body.principal).toMatchObject({ workspace: "resolve", consumerId: f.server.consumerId });
      expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(401);
    });

    describe("revocation (RFC 7009)", () => {
      it("revoking a refresh token revokes its grant", async () => {
        const tokens = await f.client.connect(f.session);
        await f.client.revoke(tokens.refresh_token!, "refresh_token");
        expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(401);
        expect(await oauthError(f.client.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      });

      it("revoking an access token revokes only that token", async () => {
        const tokens = await f.client.connect(f.session);
        await f.client.revoke(tokens.access_token, "access_token");
        const call = await callResource(f.server, "/mcp/desk", tokens.access_token);
        expect(call.status).toBe(401);
        expect(call.body.error.code).toBe("invalid_token");
        const refreshed = await f.client.refresh(tokens.refresh_token!);
        expect((await callResource(f.server, "/mcp/desk", refreshed.access_token)).status).toBe(200);
      });

      it("answers 200 for an unknown token", async () => {
        await expect(f.client.revoke("rt_not-a-token-this-server-issued")).resolves.toBeUndefined();
      });

      it("refuses to revoke another client's token and leaves it working", async () => {
        const tokens = await f.client.connect(f.session);
        const other = await OAuthTestClient.register(f.server);
        expect(await oauthError(other.revoke(tokens.refresh_token!))).toEqual({ error: "invalid_request", status: 400 });
        expect(await oauthError(other.revoke(tokens.access_token))).toEqual({ error: "invalid_request", status: 400 });
        expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(200);
        await expect(f.client.refresh(tokens.refresh_token!)).resolves.toMatchObject({ token_type: "bearer" });
      });
    });

    describe("token endpoint errors (RFC 6749 §5.2)", () => {
      const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
        fetch(`${f.server.baseUrl}/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams(fields),
        });

      it("answers JSON with Cache-Control: no-store", async () => {
        const response = await post({ grant_type: "authorization_code", client_id: f.client.client.client_id, code: "nope" });
        expect(response.status).toBe(400);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await response.json()).toMatchObject({ error: "invalid_grant", error_description: expect.any(String) });
      });

      it("refuses an unknown f.client with invalid_client and 401", async () => {
        const response = await post({ grant_type: "refresh_token", client_id: "unknown", refresh_token: "x" });
        expect(response.status).toBe(401);
        expect(((await response.json()) as { error: string }).error).toBe("invalid_client");
      });

      it("refuses f.client credentials: every f.client is public", async () => {
        const response = await post(
          { grant_type: "refresh_token", refresh_token: "x" },
          { authorization: `Basic ${Buffer.from(`${f.client.client.client_id}:secret`).toString("base64")}` },
        );
        expect(response.status).toBe(401);
        expect(((await response.json()) as { error: string }).error).toBe("invalid_client");
      });

      it("refuses other grant types with unsupported_grant_type", async () => {
        const response = await post({ grant_type: "client_credentials", client_id: f.client.client.client_id });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: string }).error).toBe("unsupported_grant_type");
      });

      it("says it takes form encoding when sent JSON, at the token and the revocation endpoint", async () => {
        for (const path of ["/oauth/token", "/oauth/revoke"]) {
          const response = await fetch(`${f.server.baseUrl}${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ grant_type: "refresh_token", client_id: f.client.client.client_id, refresh_token: "x", token: "x" }),
          });
          expect(response.status, path).toBe(400);
          expect(await response.json()).toEqual({
            error: "invalid_request",
            error_description: "This endpoint takes application/x-www-form-urlencoded parameters (RFC 6749 §3.2), not JSON or another body type.",
          });
        }
      });

      it("refuses a repeated parameter with invalid_request", async () => {
        const body = new URLSearchParams([
          ["grant_type", "refresh_token"],
          ["client_id", f.client.client.client_id],
          ["refresh_token", "a"],
          ["refresh_token", "b"],
        ]);
        const response = await fetch(`${f.server.baseUrl}/oauth/token`, { method: "POST", body });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: string }).error).toBe("invalid_request");
      });
    });
  });
}

async function plantCodeWithoutChallenge(server: TestServer, client: OAuthTestClient): Promise<string> {
  const { createHash, randomUUID } = await import("node:crypto");
  const now = server.clock.now();
  const grantId = randomUUID();
  await server.stores.grants.create({
    grantId,
    clientId: client.client.client_id,
    userId: server.deskOwner.userId,
    workspace: "desk",
    scopes: ["desk:read"],
    resource: `${server.baseUrl}/mcp/desk`,
    createdAt: new Date(now).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  });
  const code = `ac_planted_${randomUUID()}`;
  await server.stores.codes.create({
    codeId: randomUUID(),
    codeHash: createHash("sha256").update(code).digest("hex"),
    grantId,
    clientId: client.client.client_id,
    redirectUri: client.redirectUri,
    resource: `${server.baseUrl}/mcp/desk`,
    scopes: ["desk:read"],
    codeChallenge: null,
    dpopJkt: null,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 60_000).toISOString(),
  });
  return code;
}
