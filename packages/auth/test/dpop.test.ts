import { DPOP_IAT_WINDOW_MS, DPOP_NONCE_PERIOD_MS } from "@connector/auth";
import { TEST_DIALECTS } from "@connector/store/testing";
import { accessTokenHash, dpopKeyPair, dpopResourceRequest, OAuthTestClient, oauthError, signProof } from "@connector/testkit";
import type * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInDeskOwner } from "./helpers/signed-in-fixture.js";
import { callResource } from "./helpers/test-server.js";

/** RFC 9449 (DPoP) at the token endpoint and the resource guard, with oauth4webapi and hand-made proofs. */
for (const dialect of TEST_DIALECTS) {
  describe(`DPoP (${dialect})`, () => {
    const f = useSignedInDeskOwner(dialect);
    let key: oauth.CryptoKeyPair;
    let otherKey: oauth.CryptoKeyPair;
    beforeAll(async () => {
      key = await dpopKeyPair();
      otherKey = await dpopKeyPair();
    });

    const resourceUrl = () => `${f.server.baseUrl}/mcp/desk`;
    const tokenUrl = () => `${f.server.baseUrl}/oauth/token`;
    /** The server's current nonce, as any DPoP answer carries it. */
    const currentNonce = async () => {
      const response = await fetch(tokenUrl(), {
        method: "POST",
        headers: { dpop: await signProof(key, { htm: "POST", htu: tokenUrl() }), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: f.client.client.client_id, refresh_token: "rt_none" }),
      });
      return response.headers.get("dpop-nonce")!;
    };
    /** A GET of the Desk stand-in with `Authorization: DPoP` and exactly this proof. */
    const callWithProof = (accessToken: string, proof: string, scheme = "DPoP") =>
      fetch(resourceUrl(), { headers: { authorization: `${scheme} ${accessToken}`, dpop: proof } });
    const goodProof = async (accessToken: string, claims: Parameters<typeof signProof>[1] = {}, signer = key) =>
      signProof(signer, { htm: "GET", htu: resourceUrl(), ath: await accessTokenHash(accessToken), nonce: await currentNonce(), ...claims });
    const connectBound = () => f.client.connect(f.session, { dpop: f.client.dpop(key) });

    it("asks a token request for its nonce first (use_dpop_nonce, 400, DPoP-Nonce), then binds the tokens: token_type DPoP", async () => {
      const response = await fetch(tokenUrl(), {
        method: "POST",
        headers: { dpop: await signProof(key, { htm: "POST", htu: tokenUrl() }), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: f.client.client.client_id, refresh_token: "rt_unknown" }),
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("use_dpop_nonce");
      expect(response.headers.get("dpop-nonce")).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{24}$/);
      expect(response.headers.get("cache-control")).toBe("no-store");

      const tokens = await connectBound();
      expect(tokens.token_type).toBe("dpop");
      const row = await f.server.stores.tokens.findByHash(await sha256Hex(tokens.access_token));
      expect(row?.token.dpopJkt).toBe(await f.client.dpop(key).calculateThumbprint());
    });

    it("lets the bound access token through with a proof of its key, and answers with the next nonce", async () => {
      const tokens = await connectBound();
      const response = await dpopResourceRequest(tokens.access_token, "GET", resourceUrl(), f.client.dpop(key));
      expect(response.status).toBe(200);
      expect(response.headers.get("dpop-nonce")).toEqual(expect.any(String));
      expect((await response.json()).principal.deskId).toBe(f.server.deskId);
    });

    it("refuses the bound access token sent as Bearer, in the DPoP challenge beside the Bearer one", async () => {
      const tokens = await connectBound();
      const call = await callResource(f.server, "/mcp/desk", tokens.access_token);
      expect(call.status).toBe(401);
      expect(call.body.error.code).toBe("invalid_token");
      expect(call.wwwAuthenticate).toMatch(/^Bearer resource_metadata="[^"]+", DPoP error="invalid_token", error_description="[^"]*bound to a DPoP key[^"]*", algs="ES256 [^"]*EdDSA/);
    });

    it("refuses the bound access token with a proof signed by another key", async () => {
      const tokens = await connectBound();
      const response = await callWithProof(tokens.access_token, await goodProof(tokens.access_token, {}, otherKey));
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("invalid_token");
      expect(response.headers.get("www-authenticate")).toContain('DPoP error="invalid_token"');
    });

    it.each([
      ["another URL", { htu: "http://127.0.0.1:1/mcp/desk" }],
      ["another path", { htu: "__base__/mcp/resolve" }],
      ["another method", { htm: "POST" }],
      ["another access token's hash", { ath: "x".repeat(43) }],
      ["an iat 6 minutes old", { iat: Math.floor(Date.now() / 1000) - 360 }],
      ["an iat 6 minutes ahead", { iat: Math.floor(Date.now() / 1000) + 360 }],
      ["no jti", { jti: undefined }],
    ])("refuses a proof with %s: invalid_dpop_proof in the DPoP challenge", async (_case, claims) => {
      const tokens = await connectBound();
      const wrong = Object.fromEntries(Object.entries(claims).map(([name, value]) => [name, typeof value === "string" ? value.replace("__base__", f.server.baseUrl) : value]));
      const proof = await goodProof(tokens.access_token, wrong);
      const response = await callWithProof(tokens.access_token, proof);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("invalid_dpop_proof");
      expect(response.headers.get("www-authenticate")).toMatch(/DPoP error="invalid_dpop_proof", error_description="[^"]+", algs="/);
      // The proof was refused before it was spent: refusals cost no replay entry, and the token still works.
      expect((await callWithProof(tokens.access_token, await goodProof(tokens.access_token))).status).toBe(200);
    });

    it("refuses a proof presented a second time (its jti is remembered)", async () => {
      const tokens = await connectBound();
      const proof = await goodProof(tokens.access_token);
      expect((await callWithProof(tokens.access_token, proof)).status).toBe(200);
      const replay = await callWithProof(tokens.access_token, proof);
      expect(replay.status).toBe(401);
      expect((await replay.json()).error.code).toBe("invalid_dpop_proof");
      expect(replay.headers.get("www-authenticate")).toContain("already used");
    });

    it("asks for its nonce (use_dpop_nonce, 401, DPoP-Nonce) when a proof has none or a made-up one", async () => {
      const tokens = await connectBound();
      for (const nonce of [undefined, "0.AAAAAAAAAAAAAAAAAAAAAAAA"]) {
        const proof = await signProof(key, { htm: "GET", htu: resourceUrl(), ath: await accessTokenHash(tokens.access_token), nonce });
        const response = await callWithProof(tokens.access_token, proof);
        expect(response.status).toBe(401);
        expect((await response.json()).error.code).toBe("use_dpop_nonce");
        expect(response.headers.get("www-authenticate")).toContain('DPoP error="use_dpop_nonce"');
        expect(response.headers.get("dpop-nonce")).toBe(await currentNonce());
      }
    });

    it("keeps a nonce good through the next period, then asks for the new one", async () => {
      const tokens = await connectBound();
      const first = await currentNonce();
      const proofAt = async (nonce: string) =>
        signProof(key, { htm: "GET", htu: resourceUrl(), ath: await accessTokenHash(tokens.access_token), nonce, iat: Math.floor(f.server.clock.now() / 1000) });
      try {
        f.server.clock.advance(DPOP_NONCE_PERIOD_MS);
        expect((await callWithProof(tokens.access_token, await proofAt(first))).status).toBe(200);
        f.server.clock.advance(DPOP_NONCE_PERIOD_MS);
        const stale = await callWithProof(tokens.access_token, await proofAt(first));
        expect(stale.status).toBe(401);
        expect((await stale.json()).error.code).toBe("use_dpop_nonce");
        const next = stale.headers.get("dpop-nonce")!;
        expect(next).not.toBe(first);
        expect((await callWithProof(tokens.access_token, await proofAt(next))).status).toBe(200);
      } finally {
        // Back to the real time the other tests' clients sign with.
        f.server.clock.advance(-2 * DPOP_NONCE_PERIOD_MS);
      }
    });

    it.each([
      ["typ other than dpop+jwt", { typ: "JWT" }],
      ["an alg that does not match the key", { alg: "ES384" }],
      ["a symmetric alg", { alg: "HS256" }],
    ])("refuses at the token endpoint a proof with %s (invalid_dpop_proof)", async (_case, header) => {
      const prepared = await f.client.prepare();
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      const proof = await signProof(key, { htm: "POST", htu: tokenUrl(), nonce: await currentNonce() }, header);
      const response = await fetch(tokenUrl(), {
        method: "POST",
        headers: { dpop: proof, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: f.client.client.client_id,
          code: params.get("code")!,
          redirect_uri: f.client.redirectUri,
          code_verifier: prepared.verifier,
          resource: resourceUrl(),
        }),
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("invalid_dpop_proof");
      // The code was not spent on a refused proof: the right proof still redeems it.
      const tokens = await f.client.exchange(params, prepared.verifier, { dpop: f.client.dpop(key) });
      expect(tokens.token_type).toBe("dpop");
    });

    it("refuses a proof whose jwk carries the private key", async () => {
      const extractable = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as oauth.CryptoKeyPair;
      const privateJwk = await crypto.subtle.exportKey("jwk", extractable.privateKey);
      const { kty, crv, x, y, d } = privateJwk;
      const proof = await signProof(extractable, { htm: "POST", htu: tokenUrl(), nonce: await currentNonce() }, { jwk: { kty, crv, x, y, d } as oauth.JWK });
      const response = await fetch(tokenUrl(), {
        method: "POST",
        headers: { dpop: proof, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: f.client.client.client_id, refresh_token: "rt_x" }),
      });
      expect(await response.json()).toMatchObject({ error: "invalid_dpop_proof", error_description: expect.stringContaining("public key") });
    });

    it("refuses a bound refresh token without a proof of its key, and rotates it with one, still bound", async () => {
      const tokens = await connectBound();
      expect(await oauthError(f.client.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect(await oauthError(f.client.refresh(tokens.refresh_token!, { dpop: f.client.dpop(otherKey) }))).toEqual({ error: "invalid_grant", status: 400 });
      // Neither refusal spent or revoked anything: the holder of the key refreshes as usual.
      const rotated = await f.client.refresh(tokens.refresh_token!, { dpop: f.client.dpop(key) });
      expect(rotated.token_type).toBe("dpop");
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect((await dpopResourceRequest(rotated.access_token, "GET", resourceUrl(), f.client.dpop(key))).status).toBe(200);
      expect(await oauthError(f.client.refresh(rotated.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      const again = await f.client.refresh(rotated.refresh_token!, { dpop: f.client.dpop(key) });
      expect(again.token_type).toBe("dpop");
    });

    it("binds a code to the key named by dpop_jkt: redeemed only with a proof of that key", async () => {
      const thumbprint = await f.client.dpop(key).calculateThumbprint();
      const prepared = await f.client.prepare({ dpopJkt: thumbprint });
      expect(prepared.url.searchParams.get("dpop_jkt")).toBe(thumbprint);
      const params = f.client.validateCallback(await f.client.consent(f.session, prepared), prepared.state);
      expect(await oauthError(f.client.exchange(params, prepared.verifier))).toEqual({ error: "invalid_grant", status: 400 });
      expect(await oauthError(f.client.exchange(params, prepared.verifier, { dpop: f.client.dpop(otherKey) }))).toEqual({
        error: "invalid_grant",
        status: 400,
      });
      const tokens = await f.client.exchange(params, prepared.verifier, { dpop: f.client.dpop(key) });
      expect(tokens.token_type).toBe("dpop");
    });

    it("answers a dpop_jkt that is not a thumbprint with invalid_request at the redirect URI", async () => {
      const prepared = await f.client.prepare({ dpopJkt: "not-a-thumbprint" });
      const callback = await f.client.consent(f.session, prepared);
      expect(callback.searchParams.get("error")).toBe("invalid_request");
      expect(callback.searchParams.get("error_description")).toContain("dpop_jkt");
    });

    it("requires a proof of every token request of a client registered with dpop_bound_access_tokens", async () => {
      const bound = await OAuthTestClient.register(f.server, { dpop_bound_access_tokens: true });
      expect(bound.client.dpop_bound_access_tokens).toBe(true);
      const prepared = await bound.prepare();
      const params = bound.validateCallback(await bound.consent(f.session, prepared), prepared.state);
      expect(await oauthError(bound.exchange(params, prepared.verifier))).toEqual({ error: "invalid_dpop_proof", status: 400 });
      const tokens = await bound.exchange(params, prepared.verifier, { dpop: bound.dpop(key) });
      expect(tokens.token_type).toBe("dpop");
      expect(await oauthError(bound.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_dpop_proof", status: 400 });
    });

    it("refuses a registration whose dpop_bound_access_tokens is not a boolean", async () => {
      const response = await fetch(`${f.server.baseUrl}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Agent", redirect_uris: [f.server.callbackUrl], dpop_bound_access_tokens: "yes" }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid_client_metadata" });
    });

    it("accepts EdDSA proofs as well as ES256", async () => {
      const edKey = await dpopKeyPair("EdDSA");
      const tokens = await f.client.connect(f.session, { dpop: f.client.dpop(edKey) });
      expect(tokens.token_type).toBe("dpop");
      expect((await dpopResourceRequest(tokens.access_token, "GET", resourceUrl(), f.client.dpop(edKey))).status).toBe(200);
    });

    it("keeps a Bearer client working as before, and offers DPoP in its challenges", async () => {
      const tokens = await f.client.connect(f.session);
      expect(tokens.token_type).toBe("bearer");
      expect((await callResource(f.server, "/mcp/desk", tokens.access_token)).status).toBe(200);
      const anonymous = await callResource(f.server, "/mcp/desk");
      expect(anonymous.status).toBe(401);
      expect(anonymous.wwwAuthenticate).toMatch(/^Bearer resource_metadata="[^"]+", DPoP algs="ES256 /);
      const scope = await callResource(f.server, "/mcp/desk?scope=resolve:read", tokens.access_token);
      expect(scope.status).toBe(403);
      expect(scope.wwwAuthenticate).toMatch(/^Bearer resource_metadata="[^"]+", error="insufficient_scope", scope="resolve:read", error_description="[^"]+", DPoP algs=/);
      // A Bearer token presented with the DPoP scheme is not bound to any key: refused.
      const asDpop = await callWithProof(tokens.access_token, await goodProof(tokens.access_token));
      expect(asDpop.status).toBe(401);
      expect(asDpop.headers.get("www-authenticate")).toContain("not bound to a DPoP key");
    });

    it("names a DPoP connection's missing scope in the DPoP challenge", async () => {
      const tokens = await connectBound();
      const response = await fetch(`${resourceUrl()}?scope=resolve:read`, {
        headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await goodProof(tokens.access_token) },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="[^"]+", DPoP error="insufficient_scope", scope="resolve:read"/);
    });

    it("accepts proofs within 5 minutes of the server's clock", () => {
      expect(DPOP_IAT_WINDOW_MS).toBe(5 * 60 * 1000);
    });
  });
}

async function sha256Hex(value: string): Promise<string> {
  return Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value))).toString("hex");
}
