import type { TestDialect } from "@connector/store/testing";
import { BrowserSession, OAuthTestClient } from "@connector/testkit";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startTestServer, type TestServer } from "./test-server.js";

export interface SignedInFixture {
  server: TestServer;
  client: OAuthTestClient;
  session: BrowserSession;
}

/**
 * A test server with one registered client for the suite, and a fresh signed-in Desk owner before
 * each test (tests that move the clock by days outlive any session).
 */
export function useSignedInDeskOwner(dialect: TestDialect): SignedInFixture {
  const fixture = {} as SignedInFixture;
  beforeAll(async () => {
    fixture.server = await startTestServer(dialect);
    fixture.client = await OAuthTestClient.register(fixture.server);
  });
  beforeEach(async () => {
    fixture.session = new BrowserSession(fixture.server.baseUrl);
    await fixture.session.signIn(fixture.server.deskOwner.email, fixture.server.deskOwner.password);
  });
  afterAll(async () => {
    await fixture.server?.close();
  });
  return fixture;
}
