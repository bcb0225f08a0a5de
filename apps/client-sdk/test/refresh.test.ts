import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileTokenStore } from "../src/file-token-store.js";
import { AuthenticationError, ConnectorClient, isConnectorError, MemoryTokenStore } from "../src/index.js";
import {
  ACCESS_TOKEN_LIFETIME_MS,
  clientIdOf,
  connectAuth,
  grantFacts,
  newAuth,
  type SdkService,
  startSdkService,
  TestClock,
} from "./support/sdk-service.js";

let service: SdkService;
let directory: string;

beforeAll(async () => {
  service = await startSdkService();
  directory = await mkdtemp(join(tmpdir(), "sdk-token-store-"));
});
afterAll(async () => {
  await service?.close();
  await rm(directory, { recursive: true, force: true });
});

/** A separate process of the same app: its own client on the shared token file, ten calls at once. */
const TEN_CALLS_PROGRAM = `
import { ConnectorAuth, ConnectorClient } from "@connector/client";
import { FileTokenStore } from "@connector/client/file-token-store";
const [baseUrl, path, startAt] = process.argv.slice(1);
// Both processes begin at the same moment, so they meet the expired token together.
await new Promise((resolve) => setTimeout(resolve, Number(startAt) - Date.now()));
const auth = new ConnectorAuth({ baseUrl, workspace: "desk", redirectUri: "http://127.0.0.1:1/callback", store: new FileTokenStore(path) });
const client = new ConnectorClient({ baseUrl, auth });
const pages = await Promise.all(Array.from({ length: 10 }, () => client.desk.listAccounts({ limit: 1 })));
console.log(pages.filter((page) => page.accounts.length === 1).length + " pages");
`;

/** Twenty list calls at once; every one must succeed. */
async function twentyAtOnce(clients: ConnectorClient[]): Promise<void> {
  const calls = Array.from({ length: 20 }, (_, i) => clients[i % clients.length]!.desk.listAccounts({ limit: 1 }));
  const pages = await Promise.all(calls);
  expect(pages.every((page) => page.accounts.length === 1)).toBe(true);
}

describe("single-flight refresh", () => {
  it("control: two copies of one refresh token presented separately revoke the grant", async () => {
    // What the single flight prevents: the service treats the second presentation as theft.
    const first = await connectAuth(service, newAuth(service, "desk"));
    const copy = newAuth(service, "desk", { store: new MemoryTokenStore((await first.store.read())!) });
    const stale = (await first.store.read())!.tokens!.accessToken;
    await first.refresh(stale);
    const reuse = await copy.refresh(stale).catch((error: unknown) => error);
    expect(isConnectorError(reuse, "invalid_grant")).toBe(true);
    expect(await grantFacts(service, await clientIdOf(first))).toMatchObject({ revoked: true });
  });

  it("20 concurrent calls across an access-token expiry share exactly one refresh, and the grant stays valid", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    await twentyAtOnce([client]);
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);

    await twentyAtOnce([client]);
    const clientId = await clientIdOf(auth);
    expect(await grantFacts(service, clientId)).toEqual({ refreshTokensIssued: 2, revoked: false });
    // The grant still works: the next expiry is one more refresh, and calls go on.
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);
    await twentyAtOnce([client]);
    expect(await grantFacts(service, clientId)).toEqual({ refreshTokensIssued: 3, revoked: false });
  });

  it("20 concurrent calls that the service answers 401 (its clock ahead of the client's) share one refresh", async () => {
    // The client's own clock stays behind, so it believes its token is fresh until the service says 401.
    const clientClock = new TestClock();
    const auth = await connectAuth(service, newAuth(service, "desk", { now: clientClock.now }));
    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);

    await twentyAtOnce([client]);
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 2, revoked: false });
  });

  it("a caller that gives up during the shared refresh stops waiting; the refresh completes for the others", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);

    const impatient = client.desk.listAccounts({ limit: 1 }, { signal: AbortSignal.timeout(1) }).catch((e: unknown) => e);
    await twentyAtOnce([client]);
    // `AbortSignal.timeout()` reads as a deadline: TimeoutError, code timeout (issue 54).
    expect(isConnectorError(await impatient, "timeout")).toBe(true);
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 2, revoked: false });
  });

  it("two client instances on one file token store refresh once between them", async () => {
    const path = join(directory, "desk-connection.json");
    const connecting = newAuth(service, "desk", { store: new FileTokenStore(path) });
    await connectAuth(service, connecting);
    // Two instances, as two processes of one app would have: each its own auth and store object on the same file.
    const clients = [0, 1].map(
      () => new ConnectorClient({ baseUrl: service.baseUrl, auth: newAuth(service, "desk", { store: new FileTokenStore(path) }) }),
    );
    await twentyAtOnce(clients);
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);

    await twentyAtOnce(clients);
    expect(await grantFacts(service, await clientIdOf(connecting))).toEqual({ refreshTokensIssued: 2, revoked: false });
    const stored = await new FileTokenStore(path).read();
    expect(stored!.tokens!.expiresAt).toBeGreaterThan(service.clock.now());
  });

  it("two processes on one file token store refresh once between them", async () => {
    const path = join(directory, "two-processes.json");
    const auth = await connectAuth(service, newAuth(service, "desk", { store: new FileTokenStore(path) }));
    // Mark the stored access token as expired, so both processes want a refresh as they start.
    const stored = JSON.parse(await readFile(path, "utf8"));
    await writeFile(path, JSON.stringify({ ...stored, tokens: { ...stored.tokens, expiresAt: 0 } }));

    const run = promisify(execFile);
    const cwd = new URL("..", import.meta.url).pathname;
    const startAt = String(Date.now() + 1500);
    const outputs = await Promise.all(
      [0, 1].map(() =>
        run(process.execPath, ["--input-type=module", "-e", TEN_CALLS_PROGRAM, service.baseUrl, path, startAt], { cwd }),
      ),
    );
    expect(outputs.map(({ stdout }) => stdout.trim())).toEqual(["10 pages", "10 pages"]);
    expect(await grantFacts(service, await clientIdOf(auth))).toEqual({ refreshTokensIssued: 2, revoked: false });
  });

  it("a refused refresh is an AuthenticationError, not retried, and leaves the store without tokens", async () => {
    const auth = await connectAuth(service, newAuth(service, "desk"));
    const client = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    await auth.revoke();
    expect(await auth.isConnected()).toBe(false);
    const notConnected = await client.desk.capabilities().catch((error: unknown) => error);
    expect(isConnectorError(notConnected, "not_connected")).toBe(true);

    // A second auth that still holds the revoked grant's tokens: its refresh is refused.
    const holder = await connectAuth(service, newAuth(service, "desk"));
    const copy = newAuth(service, "desk", { store: new MemoryTokenStore((await holder.store.read())!) });
    await holder.revoke();
    service.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1000);
    const refused = await new ConnectorClient({ baseUrl: service.baseUrl, auth: copy }).desk.capabilities().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthenticationError);
    // The token endpoint's answer (RFC 6749 §5.2: 400), as the README's table says; then not connected.
    expect(refused).toMatchObject({ code: "invalid_grant", status: 400 });
    expect(await copy.isConnected()).toBe(false);
    const next = await new ConnectorClient({ baseUrl: service.baseUrl, auth: copy }).desk.capabilities().catch((e: unknown) => e);
    expect(isConnectorError(next, "not_connected")).toBe(true);
  });
});
