import { TEST_DIALECTS } from "@connector/store/testing";
import { OAuthTestClient } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "./helpers/test-server.js";

/** RFC 8414 and RFC 9728 discovery (spec §4.2), with CORS for browser-based clients. */
describe("discovery", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves authorization server metadata that oauth4webapi accepts for this issuer", async () => {
    const as = await OAuthTestClient.discover(server);
    expect(as).toMatchObject({
      issuer: server.baseUrl,
      authorization_endpoint: `${server.baseUrl}/oauth/authorize`,
      token_endpoint: `${server.baseUrl}/oauth/token`,
      registration_endpoint: `${server.baseUrl}/oauth/register`,
      revocation_endpoint: `${server.baseUrl}/oauth/revoke`,
      scopes_supported: ["desk:read", "desk:drafts", "resolve:read", "resolve:drafts"],
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
      dpop_signing_alg_values_supported: expect.arrayContaining(["ES256", "EdDSA"]),
    });
    // RFC 9449 §11.6: asymmetric algorithms only.
    expect(as.dpop_signing_alg_values_supported).not.toContain("none");
    expect(as.dpop_signing_alg_values_supported!.some((alg) => alg.startsWith("HS"))).toBe(false);
  });

  it.each(["desk", "resolve"] as const)("serves protected resource metadata for /mcp/%s", async (workspace) => {
    const response = await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp/${workspace}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: `${server.baseUrl}/mcp/${workspace}`,
      authorization_servers: [server.baseUrl],
      scopes_supported: [`${workspace}:read`, `${workspace}:drafts`],
      bearer_methods_supported: ["header"],
      resource_name: expect.any(String),
      // DPoP accepted (RFC 9449 §5.1 names, RFC 9728 §2), never required: Bearer clients keep working.
      dpop_signing_alg_values_supported: expect.arrayContaining(["ES256", "EdDSA"]),
      dpop_bound_access_tokens_required: false,
    });
  });

  it("answers 404 for another protected resource path", async () => {
    expect((await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp/other`)).status).toBe(404);
  });

  it.each([
    ["GET", "/.well-known/oauth-authorization-server"],
    ["GET", "/.well-known/oauth-protected-resource/mcp/desk"],
    ["POST", "/oauth/token"],
    ["POST", "/oauth/register"],
    ["POST", "/oauth/revoke"],
  ])("allows cross-origin %s %s, preflight included", async (method, path) => {
    const origin = "https://browser-client.example";
    const preflight = await fetch(`${server.baseUrl}${path}`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain(method);
    const actual = await fetch(`${server.baseUrl}${path}`, { method, headers: { origin } });
    expect(actual.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("does not allow cross-origin use of the consent form", async () => {
    const preflight = await fetch(`${server.baseUrl}/oauth/consent`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});
