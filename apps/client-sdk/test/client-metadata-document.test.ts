import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession, giveConsent, type MetadataDocumentServer, serveJson, startMetadataDocumentServer } from "@connector/testkit";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService } from "../../server/test/support/test-service.js";
import { ConnectorAuth, ConnectorClient } from "../src/index.js";
import { ConnectorOAuthProvider } from "../src/mcp.js";
import { CALLBACK_URL, clientIdOf, connectAuth, DEMO_USERS, newAuth, type SdkService, TestClock } from "./support/sdk-service.js";

let service: SdkService;
let docs: MetadataDocumentServer;
let metadataUrl: string;

beforeAll(async () => {
  docs = await startMetadataDocumentServer();
  const clock = new TestClock();
  // The real service, allowed (for this test only) to fetch from the loopback metadata host.
  const started = await startTestService(EMBEDDED_TEST_DIALECT, {
    now: clock.now,
    clientMetadataDocuments: { allowLoopbackForTests: true, trustedCertificates: [docs.certificate] },
  });
  service = Object.assign(started, { clock });
  metadataUrl = docs.route(
    "/sdk-app/client.json",
    serveJson({ client_id: `${docs.origin}/sdk-app/client.json`, client_name: "SDK document app", redirect_uris: [CALLBACK_URL] }),
  );
});
afterAll(async () => {
  await service?.close();
  await docs?.close();
});

/** How many clients registered dynamically: a metadata document client is no registration. */
async function registrations(): Promise<number> {
  const db = service.service.database.db as unknown as { selectFrom(table: string): any };
  const rows = await db.selectFrom("oauth_clients").select("id").execute();
  return rows.filter((row: { id: string }) => !row.id.startsWith("https://")).length;
}

describe("the client SDK and client ID metadata documents", () => {
  it("uses the application's metadata URL as client_id when the service supports it, and registers nothing", async () => {
    const before = await registrations();
    const auth = await connectAuth(service, newAuth(service, "desk", { clientMetadataUrl: metadataUrl }));
    expect(await clientIdOf(auth)).toBe(metadataUrl);
    expect(await registrations()).toBe(before);
    const rest = new ConnectorClient({ baseUrl: service.baseUrl, auth });
    expect((await rest.desk.capabilities()).workspace).toBe("desk");
  });

  it("registers as before when the service does not advertise support", async () => {
    // An authorization server of an earlier revision: the same service, its metadata read without the flag.
    const olderServer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith("/.well-known/oauth-authorization-server")) return response;
      const { client_id_metadata_document_supported: _flag, ...metadata } = (await response.json()) as Record<string, unknown>;
      return Response.json(metadata, { status: response.status });
    };
    const before = await registrations();
    const auth = await connectAuth(service, newAuth(service, "desk", { clientMetadataUrl: metadataUrl, fetch: olderServer }));
    expect(await clientIdOf(auth)).not.toBe(metadataUrl);
    expect(await registrations()).toBe(before + 1);
  });

  it("hands the URL to the MCP SDK, whose own flow then connects by the document", async () => {
    let authorizationUrl: URL | undefined;
    const auth = newAuth(service, "desk", { clientMetadataUrl: metadataUrl });
    const provider = new ConnectorOAuthProvider(auth, { onAuthorizationUrl: (url) => {
        authorizationUrl = url;
      },
    });
    const serverUrl = new URL(`${service.baseUrl}/mcp/desk`);
    const firstTry = new Client({ name: "cimd-sdk-test", version: "1.0.0" });
    await expect(firstTry.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider, fetch: provider.fetch }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(authorizationUrl!.searchParams.get("client_id")).toBe(metadataUrl);

    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
    const callback = await giveConsent(session, authorizationUrl!);
    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider, fetch: provider.fetch });
    await transport.finishAuth(await provider.checkCallback(callback));
    const client = new Client({ name: "cimd-sdk-test", version: "1.0.0" });
    await client.connect(transport);
    const result = await client.callTool({ name: "list_accounts", arguments: { limit: 1 } });
    expect(result.isError).toBeFalsy();
    await client.close();
  });

  it("refuses at construction a metadata URL the service would refuse at consent: not https, or no path", () => {
    const options = { baseUrl: service.baseUrl, workspace: "desk", redirectUri: CALLBACK_URL } as const;
    for (const clientMetadataUrl of ["http://my-agent.example/oauth/client.json", "https://my-agent.example/", "not a url"]) {
      expect(() => new ConnectorAuth({ ...options, clientMetadataUrl }), clientMetadataUrl).toThrow(/clientMetadataUrl must be an https URL with a path/);
    }
    expect(() => new ConnectorAuth({ ...options, clientMetadataUrl: "https://my-agent.example/oauth/client.json" })).not.toThrow();
  });
});
