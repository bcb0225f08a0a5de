import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, giveConsent } from "@connector/testkit";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileTokenStore } from "../src/file-token-store.js";
import { type ConnectorAuth, ConnectorClient, isConnectorError, MemoryTokenStore, type StoredConnection, type TokenStore } from "../src/index.js";
import { ConnectorOAuthProvider } from "../src/mcp.js";
import { clientIdOf, connectAuth, DEMO_USERS, grantFacts, newAuth, type SdkService, startSdkService } from "./support/sdk-service.js";

/**
 * The client SDK with DPoP (RFC 9449): `ConnectorAuth({ dpop: true })` binds its tokens to a key it keeps
 * with them, REST calls prove it, and `ConnectorOAuthProvider.dpop()` gives the MCP SDK the same key, so
 * both doors share one key, one set of bound tokens and one single-flight refresh.
 */
describe.each(TEST_DIALECTS)("the client SDK with DPoP on %s", (dialect) => {
  let service: SdkService;
  let directory: string;
  const open: Client[] = [];
  beforeAll(async () => {
    service = await startSdkService(dialect);
    directory = await mkdtemp(join(tmpdir(), "sdk-dpop-"));
  });
  afterAll(async () => {
    for (const client of open) await client.close();
    await service?.close();
    await rm(directory, { recursive: true, force: true });
  });

  /** The stored access token made due for refresh on the client's own clock: the next call refreshes first. */
  async function expireStoredToken(auth: ConnectorAuth): Promise<void> {
    const connection = (await auth.store.read())!;
    await auth.store.write({ ...connection, tokens: { ...connection.tokens!, expiresAt: auth.now() } });
  }

  async function mcpClient(provider: ConnectorOAuthProvider, version?: "2026-07-28"): Promise<Client> {
    const options = version === undefined ? {} : ({ versionNegotiation: { mode: { pin: version } } } as const);
    const client = new Client({ name: "sdk-dpop-test", version: "1.0.0" }, options);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp/desk`), { authProvider: provider, fetch: provider.fetch }));
    open.push(client);
    return client;
  }

  it("binds the code (dpop_jkt) and the tokens to a key kept in the store, not extractable, and calls REST with it", async () => {
    const auth = newAuth(service, "desk", { dpop: true });
    const url = await auth.authorizationUrl();
    const key = (await auth.dpopKey())!;
    expect(url.searchParams.get("dpop_jkt")).toBe(key.thumbprint);
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    await auth.handleCallback(await giveConsent(session, url));
    const stored = (await auth.store.read())!;
    expect(stored.tokens!.tokenType.toLowerCase()).toBe("dpop");
    expect(stored.dpopKey).toMatchObject({ alg: "ES256", keyPair: { privateKey: { extractable: false } } });

    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    const page = await client.desk.listAccounts({ limit: 2 });
    expect(page.accounts).toHaveLength(2);

    // The same access token without the key: refused, whoever sends it.
    const thief = new ConnectorClient({ baseUrl: service.baseUrl, auth: stored.tokens!.accessToken, maxRetries: 0 });
    const refused = await thief.desk.listAccounts({ limit: 1 }).catch((error: unknown) => error);
    expect(isConnectorError(refused, "invalid_token")).toBe(true);
  });

  it("does REST and MCP (2026-07-28 and 2025-11-25) on one key and one set of tokens, across a refresh on each door", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk", { dpop: true }));
    const rest = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    const provider = new ConnectorOAuthProvider(auth);
    const session = await provider.dpop();
    expect(session?.thumbprint).toBe((await auth.dpopKey())!.thumbprint);

    const modern = await mcpClient(provider, "2026-07-28");
    const handshake = await mcpClient(provider);
    for (const client of [modern, handshake]) {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("list_accounts");
      expect((await client.callTool({ name: "list_accounts", arguments: { limit: 1 } })).isError).toBeFalsy();
    }
    const clientId = await clientIdOf(auth);
    const before = (await grantFacts(service, clientId)).refreshTokensIssued;

    // A refresh met on the MCP door (the SDK's tokens() refreshes first), then REST uses its tokens.
    await expireStoredToken(auth);
    const [viaMcp] = await Promise.all([
      modern.callTool({ name: "list_accounts", arguments: { limit: 1 } }),
      handshake.callTool({ name: "list_accounts", arguments: { limit: 1 } }),
    ]);
    expect(viaMcp.isError).toBeFalsy();
    expect((await rest.desk.listAccounts({ limit: 1 })).accounts).toHaveLength(1);
    // A refresh met on the REST door, then MCP goes on with the rotated tokens.
    await expireStoredToken(auth);
    expect((await rest.desk.listAccounts({ limit: 1 })).accounts).toHaveLength(1);
    expect((await modern.callTool({ name: "list_accounts", arguments: { limit: 1 } })).isError).toBeFalsy();
    expect((await handshake.listTools()).tools.length).toBeGreaterThan(0);

    const facts = await grantFacts(service, clientId);
    expect(facts).toEqual({ refreshTokensIssued: before + 2, revoked: false });
    expect((await auth.store.read())!.tokens!.tokenType.toLowerCase()).toBe("dpop");
  });

  it("lets the MCP SDK authorize with the key itself: its code exchange binds the tokens REST then uses", async () => {
    let authorizationUrl: URL | undefined;
    const auth = newAuth(service, "desk", { dpop: true });
    const provider = new ConnectorOAuthProvider(auth, {
      onAuthorizationUrl: (url) => {
        authorizationUrl = url;
      },
    });
    const firstTry = new Client({ name: "sdk-dpop-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp/desk`), { authProvider: provider, fetch: provider.fetch });
    await expect(firstTry.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const callback = await giveConsent(session, authorizationUrl!);
    await transport.finishAuth(await provider.checkCallback(callback));
    expect((await auth.store.read())!.tokens!.tokenType.toLowerCase()).toBe("dpop");
    const client = await mcpClient(provider);
    expect((await client.callTool({ name: "list_accounts", arguments: { limit: 1 } })).isError).toBeFalsy();
    const rest = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    expect((await rest.desk.listAccounts({ limit: 1 })).accounts).toHaveLength(1);
  });

  it("keeps the key in the token file, readable by its owner only, and a restarted app goes on with it", async () => {
    const path = join(directory, `desk-${dialect}.json`);
    const first = await connectAuth(service, newAuth(service, "desk", { dpop: true, store: new FileTokenStore(path) }));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const onDisk = JSON.parse(await readFile(path, "utf8")) as StoredConnection;
    expect(onDisk.dpopKey).toMatchObject({ alg: "ES256", privateJwk: { kty: "EC", crv: "P-256", d: expect.any(String) } });

    // Another process of the same app: a new ConnectorAuth on the file, no browser.
    const restarted = newAuth(service, "desk", { dpop: true, store: new FileTokenStore(path) });
    expect((await restarted.dpopKey())!.thumbprint).toBe((await first.dpopKey())!.thumbprint);
    await expireStoredToken(restarted);
    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth: restarted });
    expect((await client.desk.listAccounts({ limit: 1 })).accounts).toHaveLength(1);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it("says so when a store that keeps only JSON lost the key objects", async () => {
    const json = new JsonOnlyStore();
    await newAuth(service, "desk", { dpop: true, store: json }).dpopKey();
    // The next instance (a reload, a restart) finds what JSON kept of the key: nothing usable.
    await expect(newAuth(service, "desk", { dpop: true, store: json }).dpopKey()).rejects.toThrow(/dpopKeyFormat/);
  });
});

/** A store that keeps the connection as JSON text, as a localStorage store would, without saying so. */
class JsonOnlyStore implements TokenStore {
  private text: string | undefined;
  private readonly memory = new MemoryTokenStore();
  async read() {
    return this.text === undefined ? undefined : (JSON.parse(this.text) as StoredConnection);
  }
  async write(connection: StoredConnection) {
    this.text = JSON.stringify(connection);
  }
  lock<T>(task: () => Promise<T>) {
    return this.memory.lock(task);
  }
}
