import { randomBytes } from "node:crypto";
import { TEST_DIALECTS } from "@connector/store/testing";
import { accessTokenHash, BrowserSession, dpopKeyPair, giveConsent, dpopResourceRequest, oauthError, signProof } from "@connector/testkit";
import {
  Client,
  DpopSession,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import type { CryptoKeyPair } from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { type Connection, startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/**
 * DPoP (RFC 9449, MCP SEP-1932) end to end on the assembled service: the MCP SDK v2 client with its
 * `DpopSession` on both MCP revisions, oauth4webapi on the REST tools, and every way a copied bound
 * token or proof is refused, with the challenge a client reads.
 */
describe.each(TEST_DIALECTS)("DPoP-bound connections on %s", (dialect) => {
  let service: TestService;
  let key: CryptoKeyPair;
  let bound: Connection;
  beforeAll(async () => {
    service = await startTestService(dialect);
    key = await dpopKeyPair();
    bound = await service.connect({ workspace: "desk", dpopKey: key });
  });
  afterAll(async () => {
    await service?.close();
  });

  const toolUrl = (tool: string, workspace = "desk") => `${service.baseUrl}/api/connectors/v1/${workspace}/tools/${tool}`;
  const nonceOf = async () =>
    (await fetch(`${service.baseUrl}/oauth/token`, { method: "POST", headers: { dpop: "x" } })).headers.get("dpop-nonce")!;
  /** A REST call with exactly this credential and proof. */
  const restWith = async (authorization: string, proof: string | undefined, tool = "list_accounts") => {
    const headers: Record<string, string> = { authorization, "content-type": "application/json" };
    if (proof !== undefined) headers.dpop = proof;
    const response = await fetch(toolUrl(tool), { method: "POST", headers, body: JSON.stringify({ limit: 1 }) });
    return { status: response.status, challenge: response.headers.get("www-authenticate") ?? "", body: (await response.json()) as any, headers: response.headers };
  };
  const proofFor = async (claims: Parameters<typeof signProof>[1] = {}, signer: CryptoKeyPair = key) =>
    signProof(signer, { htm: "POST", htu: toolUrl("list_accounts"), ath: await accessTokenHash(bound.accessToken), nonce: await nonceOf(), ...claims });

  it("oauth4webapi with DPoP calls the REST tools with its bound token", async () => {
    const response = await dpopResourceRequest(bound.accessToken, "POST", toolUrl("list_accounts"), bound.dpop!, {
      body: JSON.stringify({ limit: 2 }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).accounts).toHaveLength(2);
    // The next nonce rides on the answer, for a browser too (CORS exposes it).
    expect(response.headers.get("dpop-nonce")).toEqual(expect.any(String));
  });

  it.each(["2026-07-28", "2025-11-25"])("the MCP SDK v2 client with a DpopSession connects, lists and calls tools on %s", async (version) => {
    const provider = await DpopProvider.create();
    const serverUrl = new URL(`${service.baseUrl}/mcp/desk`);
    // 2026-07-28 is pinned (stateless, server/discover); the handshake revisions are the client's default.
    const options = version === "2026-07-28" ? ({ versionNegotiation: { mode: { pin: version } } } as const) : {};
    const firstTry = new Client({ name: "dpop-agent", version: "1.0.0" }, options);
    await expect(firstTry.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);

    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const callback = await giveConsent(session, provider.authorizationUrl!);
    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
    await transport.finishAuth(new URL(callback).searchParams);
    // The token endpoint bound the tokens to the session's key.
    expect(provider.saved?.token_type).toBe("DPoP");

    const client = new Client({ name: "dpop-agent", version: "1.0.0" }, options);
    await client.connect(transport);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("list_accounts");
      const page1 = await client.callTool({ name: "list_accounts", arguments: { limit: 3 } });
      expect(page1.isError).toBeFalsy();
      expect((page1.structuredContent as any).accounts).toHaveLength(3);
    } finally {
      await client.close();
    }
    // The same access token copied out of the agent is refused as Bearer, over MCP and REST alike.
    const copied = provider.saved!.access_token;
    const mcp = await fetch(serverUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${copied}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get("www-authenticate")).toContain('DPoP error="invalid_token"');
    expect((await callRest(service.baseUrl, copied, "desk", "list_accounts")).status).toBe(401);
  });

  it("refuses the stolen bound access token presented as Bearer, with the DPoP challenge beside the Bearer one", async () => {
    const answer = await restWith(`Bearer ${bound.accessToken}`, undefined);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("invalid_token");
    expect(answer.challenge).toMatch(/^Bearer resource_metadata="[^"]+\/mcp\/desk", DPoP error="invalid_token", error_description="[^"]+", algs="ES256 /);
  });

  it("refuses it with a proof signed by another key", async () => {
    const answer = await restWith(`DPoP ${bound.accessToken}`, await proofFor({}, await dpopKeyPair()));
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("invalid_token");
    expect(answer.challenge).toContain('DPoP error="invalid_token"');
  });

  it.each([
    ["another tool's URL", { htu: "__tool__get_case_status" }],
    ["the other workspace's URL", { htu: "__base__/api/connectors/v1/resolve/tools/list_accounts" }],
    ["another method", { htm: "GET" }],
    ["an iat past the 5-minute window", { iat: Math.floor(Date.now() / 1000) - 301 }],
  ])("refuses a proof made for %s (invalid_dpop_proof)", async (_case, claims) => {
    const resolved = Object.fromEntries(
      Object.entries(claims).map(([name, value]) => [
        name,
        typeof value === "string" ? value.replace("__tool__", toolUrl("")).replace("__base__", service.baseUrl) : value,
      ]),
    );
    const answer = await restWith(`DPoP ${bound.accessToken}`, await proofFor(resolved));
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("invalid_dpop_proof");
    expect(answer.challenge).toMatch(/^Bearer resource_metadata="[^"]+", DPoP error="invalid_dpop_proof", error_description="[^"]+", algs="/);
  });

  it("refuses a proof presented a second time, over REST or MCP", async () => {
    const proof = await proofFor();
    expect((await restWith(`DPoP ${bound.accessToken}`, proof)).status).toBe(200);
    const replay = await restWith(`DPoP ${bound.accessToken}`, proof);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("invalid_dpop_proof");
    expect(replay.challenge).toContain("already used");
  });

  it("asks for its nonce over MCP as over REST: 401 use_dpop_nonce with DPoP-Nonce", async () => {
    const url = `${service.baseUrl}/mcp/desk`;
    const proof = await signProof(key, { htm: "POST", htu: url, ath: await accessTokenHash(bound.accessToken) });
    const response = await fetch(url, {
      method: "POST",
      headers: { authorization: `DPoP ${bound.accessToken}`, dpop: proof, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('DPoP error="use_dpop_nonce"');
    expect(response.headers.get("dpop-nonce")).toBe(await nonceOf());
  });

  it("refuses the stolen bound refresh token without the key, and lets the key holder rotate it", async () => {
    const victim = await service.connect({ workspace: "desk", dpopKey: key });
    expect(await oauthError(victim.registered.refresh(victim.refreshToken))).toEqual({ error: "invalid_grant", status: 400 });
    const thief = victim.registered.dpop(await dpopKeyPair());
    expect(await oauthError(victim.registered.refresh(victim.refreshToken, { dpop: thief }))).toEqual({ error: "invalid_grant", status: 400 });
    const rotated = await victim.registered.refresh(victim.refreshToken, { dpop: victim.dpop! });
    expect(rotated.token_type).toBe("dpop");
    const call = await dpopResourceRequest(rotated.access_token, "POST", toolUrl("list_accounts"), victim.dpop!, {
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(call.status).toBe(200);
  });

  it("keeps a Bearer client without DPoP working as before", async () => {
    const plain = await service.connect({ workspace: "desk" });
    const answer = await callRest(service.baseUrl, plain.accessToken, "desk", "list_accounts", { limit: 1 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("dpop-nonce")).toBeNull();
    const refreshed = await plain.registered.refresh(plain.refreshToken);
    expect(refreshed.token_type).toBe("bearer");
  });

  it("shows the person which connections are bound to their app's key", async () => {
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const html = await (await session.request("/connections")).text();
    expect(html).toContain("Bound to its key");
    expect(html).toContain("Only this app's key can use it.");
    expect(html).toContain("Not bound to a key");
  });
});

/** An MCP SDK v2 OAuth provider kept in memory, opting into DPoP with one `DpopSession` (SEP-1932). */
class DpopProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  authorizationUrl: URL | undefined;
  private verifier = "";

  private constructor(private readonly session: DpopSession) {}

  static async create(): Promise<DpopProvider> {
    return new DpopProvider(await DpopSession.create());
  }

  readonly redirectUrl = "http://127.0.0.1:1/callback";
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "DPoP agent",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  dpop() {
    return this.session;
  }
  state() {
    return randomBytes(24).toString("base64url");
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}
