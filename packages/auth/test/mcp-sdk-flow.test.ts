import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, consentFields, MemoryOAuthProvider } from "@connector/testkit";
import { auth, extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callResource, startTestServer, type TestServer } from "./helpers/test-server.js";

/**
 * The MCP SDK 1.32 client's `auth()` end to end: discovery from the 401 challenge of a protected
 * MCP URL (RFC 9728), RFC 8414 metadata, dynamic registration, PKCE, consent, code exchange and a
 * refresh — a third-party client against our server, with nothing of ours on the client side.
 */
describe("MCP SDK client auth() flow", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("discovers, registers, authorizes with PKCE, exchanges the code and refreshes", async () => {
    const serverUrl = `${server.baseUrl}/mcp/desk`;
    const challenge = await fetch(serverUrl, { method: "POST" });
    expect(challenge.status).toBe(401);
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(challenge);
    expect(resourceMetadataUrl?.href).toBe(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp/desk`);

    const provider = new MemoryOAuthProvider(server.callbackUrl);
    expect(await auth(provider, { serverUrl, resourceMetadataUrl })).toBe("REDIRECT");
    expect(provider.information?.client_id).toEqual(expect.any(String));
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(serverUrl);

    // The person's part, over HTTP with a signed-in session.
    const session = new BrowserSession(server.baseUrl);
    await session.signIn(server.deskOwner.email, server.deskOwner.password);
    const page = await session.request(authorizationUrl);
    expect(page.status).toBe(200);
    const fields = consentFields(await page.text());
    const decision = await session.postForm("/oauth/consent", {
      ...fields,
      granted_scope: ["desk:read", "desk:drafts"],
      decision: "allow",
    });
    expect(decision.status).toBe(303);
    const callback = new URL(decision.headers.get("location")!);
    expect(callback.searchParams.get("state")).toBe(provider.lastState);
    expect(callback.searchParams.get("iss")).toBe(server.baseUrl);

    const authorizationCode = callback.searchParams.get("code")!;
    expect(await auth(provider, { serverUrl, resourceMetadataUrl, authorizationCode })).toBe("AUTHORIZED");
    const first = provider.savedTokens!;
    expect(first.scope).toBe("desk:read desk:drafts");
    expect((await callResource(server, "/mcp/desk", first.access_token)).status).toBe(200);
    expect((await callResource(server, "/sdk/mcp/desk", first.access_token, "POST")).status).toBe(200);

    // With a refresh token stored, auth() rotates it instead of asking the person again.
    expect(await auth(provider, { serverUrl, resourceMetadataUrl })).toBe("AUTHORIZED");
    const second = provider.savedTokens!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await callResource(server, "/mcp/desk", second.access_token)).status).toBe(200);
  });
});
