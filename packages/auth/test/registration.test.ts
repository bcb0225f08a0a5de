import { TEST_DIALECTS } from "@connector/store/testing";
import { insecure, oauthError, OAuthTestClient } from "@connector/testkit";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "./helpers/test-server.js";

/** RFC 7591 dynamic registration, public clients only (spec §5.1.3). */
for (const dialect of TEST_DIALECTS) {
  describe(`client registration (${dialect})`, () => {
    let server: TestServer;
    let as: oauth.AuthorizationServer;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      as = await OAuthTestClient.discover(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    const register = async (metadata: Record<string, unknown>) =>
      oauth.processDynamicClientRegistrationResponse(
        await oauth.dynamicClientRegistrationRequest(
          as,
          { client_name: "Agent", redirect_uris: [server.callbackUrl], ...metadata } as Partial<oauth.Client>,
          insecure,
        ),
      );

    it("registers a public client: 201, a client_id, no secret, token_endpoint_auth_method none", async () => {
      const client = await register({ token_endpoint_auth_method: "none" });
      expect(client.client_id).toEqual(expect.any(String));
      expect(client.client_secret).toBeUndefined();
      expect(client.token_endpoint_auth_method).toBe("none");
      expect(client.redirect_uris).toEqual([server.callbackUrl]);
      expect(client.client_name).toBe("Agent");
    });

    it("reads an omitted token_endpoint_auth_method as none and says so", async () => {
      expect((await register({})).token_endpoint_auth_method).toBe("none");
    });

    it.each(["client_secret_basic", "client_secret_post", "private_key_jwt"])(
      "refuses token_endpoint_auth_method %s with invalid_client_metadata",
      async (method) => {
        expect(await oauthError(register({ token_endpoint_auth_method: method }))).toEqual({
          error: "invalid_client_metadata",
          status: 400,
        });
      },
    );

    it("refuses a client ID metadata document with invalid_client_metadata", async () => {
      expect(await oauthError(register({ client_id: "https://agent.example/client.json" }))).toEqual({
        error: "invalid_client_metadata",
        status: 400,
      });
    });

    it("refuses a registration without a client name", async () => {
      expect(await oauthError(register({ client_name: undefined }))).toEqual({ error: "invalid_client_metadata", status: 400 });
    });

    it("refuses grant types other than authorization_code and refresh_token", async () => {
      expect(await oauthError(register({ grant_types: ["implicit"] }))).toEqual({ error: "invalid_client_metadata", status: 400 });
    });

    it.each([
      ["plain http on a public host", "http://agent.example/callback"],
      ["a custom scheme", "myagent://callback"],
      ["a fragment", "https://agent.example/callback#frag"],
      ["credentials", "https://user:pw@agent.example/callback"],
      ["a relative URL", "/callback"],
    ])("refuses a redirect URI with %s with invalid_redirect_uri", async (_label, uri) => {
      expect(await oauthError(register({ redirect_uris: [uri] }))).toEqual({ error: "invalid_redirect_uri", status: 400 });
    });

    it("refuses a registration without redirect URIs", async () => {
      expect(await oauthError(register({ redirect_uris: [] }))).toEqual({ error: "invalid_redirect_uri", status: 400 });
    });

    it("accepts https anywhere and http on loopback hosts", async () => {
      const uris = ["https://agent.example/cb", "http://127.0.0.1:8765/cb", "http://localhost:3000/cb", "http://[::1]:9/cb"];
      expect((await register({ redirect_uris: uris })).redirect_uris).toEqual(uris);
    });

    it("answers a non-JSON body with invalid_client_metadata", async () => {
      const response = await fetch(`${server.baseUrl}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(((await response.json()) as { error: string }).error).toBe("invalid_client_metadata");
    });
  });
}

describe("registration rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!, { registrationsPerHour: 3 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 429 once an IP exceeds its hourly registrations, and again after the hour", async () => {
    const register = () =>
      fetch(`${server.baseUrl}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Agent", redirect_uris: [server.callbackUrl] }),
      });
    for (let index = 0; index < 3; index += 1) expect((await register()).status).toBe(201);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe("rate_limited");
    server.clock.advance(60 * 60 * 1000);
    expect((await register()).status).toBe(201);
  });
});
