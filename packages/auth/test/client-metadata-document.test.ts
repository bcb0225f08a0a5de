import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, type MetadataDocumentServer, OAuthTestClient, serveJson, startMetadataDocumentServer } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callResource, startTestServer, type TestServer } from "./helpers/test-server.js";

/** Long enough for a TLS fetch on two busy cores, short enough to wait out once. */
const FETCH_DEADLINE_MS = 1_500;

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP 2026-07-28
 * "Client Registration"): a client registers nowhere, its client_id is the https URL of its
 * metadata, which the authorization server fetches with a hardened request.
 */
describe.each(TEST_DIALECTS)("client ID metadata documents on %s", (dialect) => {
  let server: TestServer;
  /** The same service as deployed: loopback is internal, so nothing on it may be fetched. */
  let strictServer: TestServer;
  let docs: MetadataDocumentServer;
  let session: BrowserSession;

  const documentFor = (clientId: string, changes: Record<string, unknown> = {}) => ({
    client_id: clientId,
    client_name: "Doc Agent",
    redirect_uris: [server.callbackUrl],
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    ...changes,
  });

  /** Serves a document at `path` (its client_id its own URL unless `changes` says otherwise). */
  const publish = (path: string, changes: Record<string, unknown> = {}, cacheControl?: string) => {
    const clientId = `${docs.origin}${path}`;
    docs.route(path, serveJson(documentFor(clientId, changes), cacheControl));
    return clientId;
  };

  /** The person opens the authorization URL of a client with this client_id; the page they get. */
  const openAuthorization = async (clientId: string, target: TestServer = server, redirectUri?: string) => {
    const client = await OAuthTestClient.withMetadataDocument(target, clientId);
    const prepared = await client.prepare({ scope: "desk:read", ...(redirectUri === undefined ? {} : { redirectUri }) });
    const signedIn = target === server ? session : await signedInSession(target);
    const page = await signedIn.request(prepared.url);
    return { status: page.status, html: await page.text(), location: page.headers.get("location") };
  };

  const signedInSession = async (target: TestServer) => {
    const browser = new BrowserSession(target.baseUrl);
    await browser.signIn(target.deskOwner.email, target.deskOwner.password);
    return browser;
  };

  beforeAll(async () => {
    docs = await startMetadataDocumentServer();
    server = await startTestServer(dialect, {
      clientMetadataDocuments: { allowLoopbackForTests: true, trustedCertificates: [docs.certificate], timeoutMs: FETCH_DEADLINE_MS },
    });
    strictServer = await startTestServer(dialect, { clientMetadataDocuments: { trustedCertificates: [docs.certificate] } });
    session = await signedInSession(server);
  });
  afterAll(async () => {
    await server?.close();
    await strictServer?.close();
    await docs?.close();
  });

  it("advertises support in the authorization server metadata, beside registration", async () => {
    const metadata = await OAuthTestClient.discover(server);
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect(metadata.registration_endpoint).toBe(`${server.baseUrl}/oauth/register`);
  });

  it("connects a client by its document end to end: consent by host, code, tokens, a protected call and refresh", async () => {
    const clientId = publish("/apps/doc-agent.json");
    const client = await OAuthTestClient.withMetadataDocument(server, clientId);
    const prepared = await client.prepare({ scope: "desk:read desk:drafts" });
    const page = await session.request(prepared.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Named by the host the person can check; the document's own name only as its claim.
    expect(html).toContain(`Allow <strong><bdi>${new URL(docs.origin).host}</bdi></strong>`);
    expect(html).toContain("calls itself “<bdi>Doc Agent</bdi>”");

    const callback = await client.consent(session, prepared);
    const tokens = await client.exchange(client.validateCallback(callback, prepared.state), prepared.verifier);
    const call = await callResource(server, "/mcp/desk", tokens.access_token);
    expect(call.status).toBe(200);
    expect(call.body.principal.clientId).toBe(clientId);
    const refreshed = await client.refresh(tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
  });

  it("reuses a document within its cache lifetime and fetches again when it says no-store", async () => {
    const cached = publish("/apps/cached.json", {}, "max-age=60");
    await openAuthorization(cached);
    await openAuthorization(cached);
    expect(docs.hits.get("/apps/cached.json")).toBe(1);
    const uncached = publish("/apps/uncached.json", {}, "no-store");
    await openAuthorization(uncached);
    await openAuthorization(uncached);
    expect(docs.hits.get("/apps/uncached.json")).toBe(2);
  });

  it("fetches by host name through the guarded lookup, which lets the allowed address through", async () => {
    const byName = `${docs.origin.replace("127.0.0.1", "localhost")}/apps/by-name.json`;
    docs.route("/apps/by-name.json", serveJson(documentFor(byName)));
    const page = await openAuthorization(byName);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Allow <strong><bdi>${new URL(byName).host}</bdi></strong>`);
  });

  it("refuses a document whose client_id is not its own URL", async () => {
    const clientId = publish("/apps/other.json", { client_id: `${docs.origin}/apps/someone-else.json` });
    const page = await openAuthorization(clientId);
    expect(page.status).toBe(400);
    expect(page.html).toContain("its client_id is not the URL it was fetched from");
  });

  it("refuses an internal address: loopback when not allowed for tests, and private or link-local literals always", async () => {
    const clientId = publish("/apps/loopback.json");
    const onLoopback = await openAuthorization(clientId, strictServer);
    expect(onLoopback.status).toBe(400);
    expect(onLoopback.html).toContain("its host does not resolve to a public address");
    const byName = await openAuthorization(clientId.replace("127.0.0.1", "localhost"), strictServer);
    expect(byName.status).toBe(400);
    expect(byName.html).toContain("its host does not resolve to a public address");
    for (const host of ["10.0.0.8", "169.254.169.254", "192.168.1.1", "[fd00::1]", "[::ffff:10.0.0.1]", "[::7f00:1]", "[::a00:8]"]) {
      const page = await openAuthorization(`https://${host}/client.json`);
      expect(page.status, host).toBe(400);
      expect(page.html, host).toContain("its host does not resolve to a public address");
    }
  });

  it("does not follow a redirect", async () => {
    const target = publish("/apps/moved-here.json");
    docs.route("/apps/moved.json", (res) => {
      res.writeHead(302, { location: target });
      res.end();
    });
    const page = await openAuthorization(`${docs.origin}/apps/moved.json`);
    expect(page.status).toBe(400);
    expect(page.html).toContain("it answered with a redirect, which is not followed");
    expect(docs.hits.get("/apps/moved-here.json")).toBeUndefined();
  });

  it("stops reading an oversized document, announced or streamed", async () => {
    const clientId = `${docs.origin}/apps/big.json`;
    const padding = "x".repeat(6000);
    docs.route("/apps/big.json", serveJson(documentFor(clientId, { client_uri: `https://example.com/${padding}` })));
    const announced = await openAuthorization(clientId);
    expect(announced.status).toBe(400);
    expect(announced.html).toContain("it is larger than 5120 bytes");

    const streamedId = `${docs.origin}/apps/streamed.json`;
    docs.route("/apps/streamed.json", (res) => {
      res.setHeader("content-type", "application/json");
      const text = JSON.stringify(documentFor(streamedId, { client_uri: `https://example.com/${padding}` }));
      for (let at = 0; at < text.length; at += 1000) res.write(text.slice(at, at + 1000));
      res.end();
    });
    const streamed = await openAuthorization(streamedId);
    expect(streamed.status).toBe(400);
    expect(streamed.html).toContain("it is larger than 5120 bytes");

    // Unannounced and in one write: the whole body arrives before the reader can stop it, and still
    // it is refused for its size, not for the part that was kept.
    const wholeId = `${docs.origin}/apps/whole.json`;
    docs.route("/apps/whole.json", (res) => {
      res.setHeader("content-type", "application/json");
      res.write(JSON.stringify(documentFor(wholeId, { client_uri: `https://example.com/${padding}` })));
      res.end();
    });
    const whole = await openAuthorization(wholeId);
    expect(whole.status).toBe(400);
    expect(whole.html).toContain("it is larger than 5120 bytes");
  });

  it("gives up on a slow document at the deadline", async () => {
    const clientId = `${docs.origin}/apps/slow.json`;
    docs.route("/apps/slow.json", (res) => {
      setTimeout(() => serveJson(documentFor(clientId))(res), 4 * FETCH_DEADLINE_MS).unref();
    });
    const started = Date.now();
    const page = await openAuthorization(clientId);
    expect(page.status).toBe(400);
    expect(page.html).toContain(`it did not arrive within ${FETCH_DEADLINE_MS} ms`);
    expect(Date.now() - started).toBeLessThan(3 * FETCH_DEADLINE_MS);
  });

  it("refuses a document that is not JSON, by type or by content", async () => {
    docs.route("/apps/page.json", (res) => {
      res.setHeader("content-type", "text/html");
      res.end("<html>hello</html>");
    });
    const html = await openAuthorization(`${docs.origin}/apps/page.json`);
    expect(html.status).toBe(400);
    expect(html.html).toContain("it is not served as JSON");
    docs.route("/apps/broken.json", (res) => {
      res.setHeader("content-type", "application/json");
      res.end("{client_id:");
    });
    const broken = await openAuthorization(`${docs.origin}/apps/broken.json`);
    expect(broken.status).toBe(400);
    expect(broken.html).toContain("it is not valid JSON");
  });

  it("refuses a redirect URI the document does not list, without redirecting to it", async () => {
    const clientId = publish("/apps/strict-redirect.json");
    const page = await openAuthorization(clientId, server, "http://127.0.0.1:1/elsewhere");
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain("The redirect_uri is not registered for this client");
  });

  it("checks the document's metadata as registration checks it, and refuses secrets and plain http", async () => {
    const nameless = await openAuthorization(publish("/apps/nameless.json", { client_name: "  " }));
    expect(nameless.status).toBe(400);
    expect(nameless.html).toContain("client_name is required");
    const confidential = await openAuthorization(publish("/apps/secret.json", { client_secret: "s3cret" }));
    expect(confidential.status).toBe(400);
    expect(confidential.html).toContain("it contains a client_secret");
    const badRedirect = await openAuthorization(publish("/apps/ftp.json", { redirect_uris: ["ftp://example.com/cb"] }));
    expect(badRedirect.status).toBe(400);
    expect(badRedirect.html).toContain("A redirect URI must use https");
    const plain = await openAuthorization(`http://127.0.0.1:1/client.json`);
    expect(plain.status).toBe(400);
    expect(plain.html).toContain("A client_id URL must use https");
  });

  it("follows a changed document at its next fetch: new name, and a redirect URI it no longer lists is refused", async () => {
    const path = "/apps/changing.json";
    const clientId = publish(path, { client_name: "First Name" }, "no-store");
    expect((await openAuthorization(clientId)).html).toContain("calls itself “<bdi>First Name</bdi>”");
    publish(path, { client_name: "Second Name" }, "no-store");
    expect((await openAuthorization(clientId)).html).toContain("calls itself “<bdi>Second Name</bdi>”");
    expect((await server.stores.clients.find(clientId))?.clientName).toBe("Second Name");
    publish(path, { redirect_uris: ["http://127.0.0.1:1/moved"] }, "no-store");
    const moved = await openAuthorization(clientId);
    expect(moved.status).toBe(400);
    expect(moved.html).toContain("The redirect_uri is not registered for this client");
  });

  it("never caches a refusal: a corrected document is accepted on the next attempt", async () => {
    const path = "/apps/fixed-later.json";
    const clientId = publish(path, { client_id: "https://wrong.example/client.json" });
    expect((await openAuthorization(clientId)).status).toBe(400);
    publish(path);
    expect((await openAuthorization(clientId)).status).toBe(200);
  });
});

describe.each(TEST_DIALECTS)("client ID metadata document fetches per address on %s", (dialect) => {
  let server: TestServer;
  let docs: MetadataDocumentServer;

  beforeAll(async () => {
    docs = await startMetadataDocumentServer();
    server = await startTestServer(dialect, {
      clientMetadataDocuments: { allowLoopbackForTests: true, trustedCertificates: [docs.certificate], fetchesPerHourPerAddress: 2 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await docs?.close();
  });

  it("counts fetches, not cache hits, and answers 429 with Retry-After past the limit", async () => {
    const session = new BrowserSession(server.baseUrl);
    await session.signIn(server.deskOwner.email, server.deskOwner.password);
    const open = async (path: string, cacheControl: string) => {
      const clientId = docs.route(path, serveJson({ client_id: `${docs.origin}${path}`, client_name: "Counted", redirect_uris: [server.callbackUrl] }, cacheControl));
      const client = await OAuthTestClient.withMetadataDocument(server, clientId);
      return session.request((await client.prepare({ scope: "desk:read" })).url);
    };
    for (let i = 0; i < 3; i++) expect((await open("/cached.json", "max-age=600")).status).toBe(200);
    expect((await open("/fresh.json", "no-store")).status).toBe(200);
    const refused = await open("/fresh.json", "no-store");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many apps were looked up from this address");
    expect(docs.hits.get("/fresh.json")).toBe(1);
  });
});
