import { BrowserSession, giveConsent } from "@connector/testkit";
import { Client, auth as sdkAuth, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConnectorClient, isConnectorError } from "../src/index.js";
import { ConnectorOAuthProvider } from "../src/mcp.js";
import {
  ACCESS_TOKEN_LIFETIME_MS,
  clientIdOf,
  connectAuth,
  DEMO_USERS,
  grantFacts,
  newAuth,
  type SdkService,
  startSdkService,
  TestClock,
} from "./support/sdk-service.js";

let service: SdkService;
const open: Client[] = [];

beforeAll(async () => {
  service = await startSdkService();
});
afterAll(async () => {
  for (const client of open) await client.close();
  await service?.close();
});

function transportFor(provider: ConnectorOAuthProvider, workspace = "desk"): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp/${workspace}`), {
    authProvider: provider,
    fetch: provider.fetch,
  });
}

async function connectedClient(provider: ConnectorOAuthProvider): Promise<Client> {
  const client = new Client({ name: "sdk-provider-test", version: "1.0.0" });
  await client.connect(transportFor(provider));
  open.push(client);
  return client;
}

/** Twenty tool calls at once over MCP; every one must be a successful result. */
async function twentyToolCalls(client: Client): Promise<void> {
  const results = await Promise.all(
    Array.from({ length: 20 }, () => client.callTool({ name: "list_accounts", arguments: { limit: 1 } })),
  );
  for (const result of results) {
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { accounts: unknown[] }).accounts).toHaveLength(1);
  }
}

describe("ConnectorOAuthProvider with the MCP SDK's Client", () => {
  it("connects through the SDK's own flow: challenge, registration, PKCE, consent, callback checked for state and iss", async () => {
    // The SDK warns when a provider cannot keep its discovery for the callback's check (SEP-2352).
    const warn = vi.spyOn(console, "warn");
    let authorizationUrl: URL | undefined;
    const auth = newAuth(service, "desk");
    const provider = new ConnectorOAuthProvider(auth, {
      onAuthorizationUrl: (url) => {
        authorizationUrl = url;
      },
    });

    const firstTry = new Client({ name: "sdk-provider-test", version: "1.0.0" });
    await expect(firstTry.connect(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(authorizationUrl!.searchParams.get("resource")).toBe(`${service.baseUrl}/mcp/desk`);
    expect(authorizationUrl!.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl!.searchParams.get("state")!.length).toBeGreaterThanOrEqual(16);

    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const callback = await giveConsent(session, authorizationUrl!);

    // A callback whose state was swapped is refused before any code exchange.
    const forged = new URL(callback);
    forged.searchParams.set("state", "an-attacker-chosen-state-value");
    const refused = await provider.checkCallback(forged).catch((error: unknown) => error);
    expect(isConnectorError(refused, "authorization_failed")).toBe(true);
    expect((refused as Error).message).toMatch(/older authorization URL/);

    const transport = transportFor(provider);
    await transport.finishAuth(await provider.checkCallback(callback));
    const client = new Client({ name: "sdk-provider-test", version: "1.0.0" });
    await client.connect(transport);
    open.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("list_accounts");
    await twentyToolCalls(client);

    // The REST client on the same store uses the same connection.
    const rest = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    expect((await rest.desk.capabilities()).workspace).toBe("desk");
    expect(warn.mock.calls.flat().join("\n")).not.toMatch(/saveDiscoveryState/);
    warn.mockRestore();
  });

  it("parallel tool calls across an access-token expiry share one refresh; the grant stays valid", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const client = await connectedClient(new ConnectorOAuthProvider(auth));
    await twentyToolCalls(client);
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);

    await twentyToolCalls(client);
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 2, revoked: false });
    await twentyToolCalls(client);
  });

  it("when the service answers 401 first, the provider's fetch refreshes once and repeats every call with the new token", async () => {
    // The client's clock stays behind: it sends its old token and the service answers 401.
    const clientClock = new TestClock();
    const auth = await connectAuth(service, newAuth(service, "desk", { now: clientClock.now }));
    const provider = new ConnectorOAuthProvider(auth);
    const clients = [await connectedClient(provider), await connectedClient(provider)];
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);

    await Promise.all(clients.map((client) => twentyToolCalls(client)));
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 2, revoked: false });
    const rest = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    expect((await rest.desk.capabilities()).workspace).toBe("desk");
  });

  it("the SDK's own refresh (its auth()), run by ten callers at once, presents no refresh token twice", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const provider = new ConnectorOAuthProvider(auth);
    const serverUrl = new URL(`${service.baseUrl}/mcp/desk`);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sdkAuth(provider, { serverUrl, fetchFn: provider.fetch })),
    );
    expect(results.every((result) => result === "AUTHORIZED")).toBe(true);
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 2, revoked: false });
    const client = await connectedClient(provider);
    await twentyToolCalls(client);
  });

  it("a Resolve connection on the Desk server: 401 wrong_workspace, which the provider does not answer with a refresh of its own", async () => {
    const auth = await connectAuth(service, newAuth(service, "resolve"));
    const provider = new ConnectorOAuthProvider(auth);
    const answer = await provider.fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${await auth.accessToken()}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(answer.status).toBe(401);
    // The body is still there for the SDK to read.
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("wrong_workspace");
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 1, revoked: false });
  });
});
