import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import {
  BrowserSession,
  giveConsent,
  type MetadataDocumentServer,
  OAuthTestClient,
  serveJson,
  startMetadataDocumentServer,
} from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { codeExamples, ExampleLedger, readDocument } from "./support/markdown-examples.js";
import { ShellSession } from "./support/shell-session.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest, withoutRequestId } from "./support/tool-callers.js";

/**
 * The documents an integrator follows, run as written against a started server (issue 25): every
 * example of docs/developer-guide.md, the README's agent quickstart, and docs/api-v1.md's endpoint
 * table and amount rules. Placeholders are filled in as a reader fills them ({base_url}, the code
 * from the browser, the tokens from the answers); nothing else of an example is changed.
 */
let service: TestService;
/** Where the guide's client ID metadata document is published for the run (HTTPS on loopback). */
let documents: MetadataDocumentServer;
beforeAll(async () => {
  documents = await startMetadataDocumentServer();
  service = await startTestService(EMBEDDED_TEST_DIALECT, {
    clientMetadataDocuments: { allowLoopbackForTests: true, trustedCertificates: [documents.certificate] },
  });
});
afterAll(async () => {
  await service?.close();
  await documents?.close();
});

const fill = (text: string) => text.replaceAll("{base_url}", service.baseUrl);
const parsed = (printed: string) => JSON.parse(printed.trim());

/** The person's part of an authorization: the Desk owner signs in and allows every scope asked for. */
async function personAllows(authorizationUrl: URL): Promise<URL> {
  const session = new BrowserSession(service.baseUrl);
  await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
  return giveConsent(session, authorizationUrl);
}

/** What an MCP client does with an `mcpServers` entry: call it, meet the challenge, read the resource metadata. */
async function expectDiscoverableServers(configuration: { mcpServers: Record<string, { type: string; url: string }> }) {
  const servers = Object.values(configuration.mcpServers);
  expect(servers.map((server) => server.url)).toEqual([`${service.baseUrl}/mcp/desk`, `${service.baseUrl}/mcp/resolve`]);
  for (const server of servers) {
    expect(server.type).toBe("http");
    const answer = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
    });
    expect(answer.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(answer.headers.get("www-authenticate") ?? "")?.[1];
    const metadata = (await (await fetch(metadataUrl!)).json()) as { resource: string; authorization_servers: string[] };
    expect(metadata.resource).toBe(server.url);
    expect(metadata.authorization_servers).toEqual([service.baseUrl]);
  }
}

describe("docs/developer-guide.md, every example as written", () => {
  const ledger = new ExampleLedger(codeExamples("docs/developer-guide.md"));

  it("the mcpServers configuration names servers that challenge and point to their metadata", async () => {
    await expectDiscoverableServers(JSON.parse(fill(ledger.take("json", '"mcpServers"').text)));
  });

  it("the TypeScript MCP SDK example is the SDK v2's, a marked part of the client package's example that runs", () => {
    const example = ledger.take("ts", "StreamableHTTPClientTransport");
    // The client package ships the whole program (apps/client-sdk/examples/connect-mcp.mts): its
    // test/example.test.ts runs it against a started service, and tooling/package-check's sdk-samples test
    // compiles it from the packed package and checks that this block is a part of it, line for line.
    expect(example.text).toContain('from "@modelcontextprotocol/client"');
    expect(example.text).not.toContain("@modelcontextprotocol/sdk");
    const before = readDocument("docs/developer-guide.md").split("\n").slice(0, example.line - 1);
    expect(before.findLast((line) => line.trim() !== "")).toBe("*Part of examples/connect-mcp.mts, which ships in the package:*");
  });

  it("the DPoP example is the client SDK's, whose own test runs the same calls against a started service", () => {
    const example = ledger.take("ts", "dpop: true");
    // tooling/package-check's sdk-samples test compiles this block from the packed package; the calls it makes
    // (a FileTokenStore with dpop: true, a REST call, ConnectorOAuthProvider's DpopSession) run against a started
    // service in apps/client-sdk/test/dpop.test.ts.
    expect(example.text).toContain('from "@connector/client"');
    expect(example.text).toContain("new FileTokenStore(");
    expect(example.text).toContain("new ConnectorOAuthProvider(auth)");
  });

  it("REST with curl in one terminal: register, authorize, exchange, call, refresh, revoke", async () => {
    const shell = new ShellSession();
    try {
      const registered = parsed(await shell.run(fill(ledger.take("sh", "/oauth/register").text)));
      expect(registered).toMatchObject({ client_name: "My agent", token_endpoint_auth_method: "none" });
      await shell.set("CLIENT_ID", registered.client_id);

      const printed = await shell.run(fill(ledger.take("sh", "openssl rand -hex 48").text));
      const callback = await personAllows(new URL(printed.trim().split("\n").pop()!));
      expect(callback.origin + callback.pathname).toBe("http://127.0.0.1:8976/callback");
      expect(callback.searchParams.get("state")).toBe((await shell.run('echo "$STATE"')).trim());
      expect(callback.searchParams.get("iss")).toBe(service.baseUrl);
      await shell.set("CODE", callback.searchParams.get("code")!);

      const tokens = parsed(await shell.run(fill(ledger.take("sh", "grant_type=authorization_code").text)));
      expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 900, scope: "desk:read desk:drafts" });
      await shell.set("ACCESS_TOKEN", tokens.access_token);
      await shell.set("REFRESH_TOKEN", tokens.refresh_token);

      const call = ledger.take("sh", "tools/list_accounts");
      expect(parsed(await shell.run(fill(call.text))).accounts).toHaveLength(5);

      const refreshed = parsed(await shell.run(fill(ledger.take("sh", "grant_type=refresh_token").text)));
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      await shell.set("ACCESS_TOKEN", refreshed.access_token);
      await shell.set("REFRESH_TOKEN", refreshed.refresh_token);
      expect(parsed(await shell.run(fill(call.text))).accounts).toHaveLength(5);

      // Revoking the refresh token ends the connection: the next call answers 401 invalid_token.
      expect(await shell.run(fill(ledger.take("sh", "/oauth/revoke").text))).toBe("");
      expect(parsed(await shell.run(fill(call.text))).error.code).toBe("invalid_token");
    } finally {
      shell.close();
    }
  });

  it("the paging, draft and error-body JSON examples are what the tools take and answer", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const paging = JSON.parse(ledger.take("json", '"cursor"').text);
    const page = await callRest(service.baseUrl, accessToken, "desk", "list_accounts", paging);
    expect(page.status).toBe(200);
    expect(page.body).toHaveProperty("nextCursor");

    const draft = JSON.parse(ledger.take("json", '"idempotencyKey"').text);
    const saved = await callRest(service.baseUrl, accessToken, "desk", "create_placement_draft", draft);
    expect(saved.status).toBe(200);
    const retried = await callRest(service.baseUrl, accessToken, "desk", "create_placement_draft", draft);
    expect(retried.body.draft.draftId).toBe(saved.body.draft.draftId);

    // The answer example: its "…" stand for what differs per draft (the id, the times, the rest of the notice).
    const answer = JSON.parse(fill(ledger.take("json", '"reviewUrl"').text));
    expect(Object.keys(saved.body).sort()).toEqual(Object.keys(answer).sort());
    const { draftId: _id, createdAt: _created, updatedAt: _updated, ...described } = answer.draft;
    expect(saved.body.draft).toMatchObject(described);
    expect(saved.body.accounts).toEqual(answer.accounts);
    expect(saved.body.problems).toEqual(answer.problems);
    expect(saved.body.reviewUrl).toBe(answer.reviewUrl.replace("01936f3e-…", saved.body.draft.draftId));
    expect(saved.body.notice.startsWith(answer.notice.replace(/…$/, ""))).toBe(true);
    expect(retried.body.reviewUrl).toBe(saved.body.reviewUrl);

    // The error example is the answer to that draft with an amount of 0.
    const example = JSON.parse(ledger.take("json", '"error"').text);
    const zero = { ...draft, accounts: [{ ...draft.accounts[0], amount: 0 }], idempotencyKey: "error-example-0000001" };
    const refused = await callRest(service.baseUrl, accessToken, "desk", "create_placement_draft", zero);
    expect(refused.status).toBe(400);
    expect(withoutRequestId(refused.body)).toEqual(withoutRequestId(example));
    expect(refused.body.error.requestId).toBe(refused.headers.get("x-request-id"));
  });

  it("the 2026-07-28 curl request calls a tool without a handshake", async () => {
    const { accessToken } = await service.connect({ workspace: "desk" });
    const shell = new ShellSession();
    try {
      await shell.set("ACCESS_TOKEN", accessToken);
      const answer = parsed(await shell.run(fill(ledger.take("sh", "MCP-Protocol-Version: 2026-07-28").text)));
      expect(answer.result.resultType).toBe("complete");
      expect(answer.result.isError).toBeFalsy();
      expect(answer.result.structuredContent.accounts).toHaveLength(5);
    } finally {
      shell.close();
    }
  });

  it("the client ID metadata document, published at its client_id, is accepted as a client", async () => {
    const example = JSON.parse(ledger.take("json", '"client_id": "https://').text);
    // The example's https://app.example/… is the reader's own address: here, the loopback HTTPS host.
    const clientId = documents.route(new URL(example.client_id).pathname, (res) => serveJson({ ...example, client_id: clientId })(res));
    const server = { baseUrl: service.baseUrl, callbackUrl: example.redirect_uris[0] };
    const client = await OAuthTestClient.withMetadataDocument(server, clientId);
    const prepared = await client.prepare({ scope: "desk:read" });
    const callback = await personAllows(prepared.url);
    const tokens = await client.exchange(client.validateCallback(callback, prepared.state), prepared.verifier);
    expect(tokens.scope).toBe("desk:read");
  });

  it("runs every example of the guide (a new one must be added here)", () => {
    expect(ledger.unrun()).toEqual([]);
  });
});

describe("README.md's agent quickstart, as written", () => {
  const examples = codeExamples("README.md");
  const ledger = new ExampleLedger(examples);
  /** The quickstart's address is the demo server's; a reader of another deployment puts theirs. */
  const atThisServer = (text: string) => text.replaceAll("http://127.0.0.1:3000", service.baseUrl);

  it("the mcpServers configuration", async () => {
    await expectDiscoverableServers(JSON.parse(atThisServer(ledger.take("json", '"mcpServers"').text)));
  });

  it("the REST client: register, authorize, exchange the code, call a tool", async () => {
    const lines = atThisServer(ledger.take("sh", "# 1. Register").text).split("\n");
    const codeLine = lines.findIndex((line) => line.startsWith("CODE="));
    const callStep = lines.findIndex((line) => line.startsWith("# 4."));
    expect(lines[codeLine]).toBe("CODE=…");
    const shell = new ShellSession();
    try {
      const printed = await shell.run(lines.slice(0, codeLine).join("\n"));
      const callback = await personAllows(new URL(printed.trim().split("\n").pop()!));
      expect(callback.searchParams.get("state")).toBe((await shell.run('echo "$STATE"')).trim());
      const exchange = [`CODE=${callback.searchParams.get("code")}`, ...lines.slice(codeLine + 1, callStep)].join("\n");
      const tokens = parsed(await shell.run(exchange));
      expect(tokens.scope).toBe("desk:read desk:drafts");
      await shell.set("ACCESS_TOKEN", tokens.access_token);
      expect(parsed(await shell.run(lines.slice(callStep).join("\n"))).accounts).toHaveLength(5);
    } finally {
      shell.close();
    }
  });
});

describe("docs/api-v1.md, as written", () => {
  const markdown = readDocument("docs/api-v1.md");

  it("every endpoint of its table is in the served OpenAPI document with that method", async () => {
    const document = (await (await fetch(`${service.baseUrl}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const rows = [...markdown.matchAll(/^\| ([A-Z, ]+) \| `([^`]+)` \|/gm)];
    expect(rows.length).toBeGreaterThan(30);
    for (const [, methods, address] of rows) {
      const path = address!.replace(/\?.*$/, "");
      const key = path.startsWith("/api/v1") ? path.slice("/api/v1".length) || "/" : path;
      for (const method of methods!.split(", ")) {
        expect(document.paths[key]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
      }
    }
  });

  it("the placement amount rules: omitted is null, 0 stays 0, $ and commas read, anything else invalid_amount", async () => {
    // Placing (a dry run too) needs the owner's acceptance of the Desk agreement (spec §5.3).
    const owner = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    const minted = await owner.call("POST", "/keys", { name: "Documented examples" });
    expect(minted.status).toBe(201);
    const key: string = minted.body.key;
    const place = (accounts: unknown[]) => callWithBearer(service.baseUrl, key, "POST", "/placements?dryRun=1", { accounts });

    const preview = await place([
      { reference: "DOC-1", name: "Omitted" },
      { reference: "DOC-2", name: "Zero", amount: 0 },
      { reference: "DOC-3", name: "Dollars", amount: "$1,234.56" },
    ]);
    expect(preview.status).toBe(200);
    expect(preview.body.placements.map((row: { amount: number | null }) => row.amount)).toEqual([null, 0, 1234.56]);
    for (const amount of ["twelve", -5, 100_000_001, 1.005]) {
      const refused = await place([{ reference: "DOC-4", name: "Refused", amount }]);
      expect(refused.status, String(amount)).toBe(400);
      expect(refused.body.error, String(amount)).toMatchObject({ code: "invalid_amount", field: "accounts.0.amount" });
    }
  });
});
