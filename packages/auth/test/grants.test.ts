import { listUserGrants, revokeUserGrant } from "@connector/auth";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, OAuthTestClient, oauthError } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callResource, startTestServer, type TestServer } from "./helpers/test-server.js";

/** Spec §2.6 and §5.1.10: a person's connections, as the Connections screen will use them. */
for (const dialect of TEST_DIALECTS) {
  describe(`grants (${dialect})`, () => {
    let server: TestServer;
    let session: BrowserSession;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      session = new BrowserSession(server.baseUrl);
      await session.signIn(server.deskOwner.email, server.deskOwner.password);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("lists connected grants with client name, scopes, created and last used", async () => {
      const client = await OAuthTestClient.register(server, { client_name: "Listing Agent" });
      const before = server.clock.now();
      const tokens = await client.connect(session, { scopes: ["desk:read"] });
      server.clock.advance(5 * 60 * 1000);
      await callResource(server, "/mcp/desk", tokens.access_token);
      const grants = await listUserGrants(server.stores, server.deskOwner.userId);
      const grant = grants.find((item) => item.clientId === client.client.client_id);
      expect(grant).toMatchObject({
        clientName: "Listing Agent",
        workspace: "desk",
        scopes: ["desk:read"],
        createdAt: new Date(before).toISOString(),
        lastUsedAt: new Date(server.clock.now()).toISOString(),
        revokedAt: null,
        revokedBy: null,
      });
      expect(await listUserGrants(server.stores, server.consumer.userId)).toEqual([]);
    });

    it("does not list a grant whose code was never exchanged", async () => {
      const client = await OAuthTestClient.register(server, { client_name: "Abandoned Agent" });
      const prepared = await client.prepare();
      await client.consent(session, prepared);
      const grants = await listUserGrants(server.stores, server.deskOwner.userId);
      expect(grants.some((grant) => grant.clientName === "Abandoned Agent")).toBe(false);
    });

    it("revokes a grant and every token issued from it", async () => {
      const client = await OAuthTestClient.register(server, { client_name: "Revoked Agent" });
      const tokens = await client.connect(session);
      const grant = (await listUserGrants(server.stores, server.deskOwner.userId)).find(
        (item) => item.clientName === "Revoked Agent",
      )!;
      expect(await revokeUserGrant(server, server.consumer.userId, grant.grantId)).toBe(false);
      expect((await callResource(server, "/mcp/desk", tokens.access_token)).status).toBe(200);
      expect(await revokeUserGrant(server, server.deskOwner.userId, grant.grantId)).toBe(true);
      expect(await revokeUserGrant(server, server.deskOwner.userId, grant.grantId)).toBe(false);
      expect((await callResource(server, "/mcp/desk", tokens.access_token)).status).toBe(401);
      expect(await oauthError(client.refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      // Issue 18: still listed, marked revoked with when and by whom, for 90 days; then no longer.
      const remaining = await listUserGrants(server.stores, server.deskOwner.userId, server.clock.now);
      expect(remaining.find((item) => item.grantId === grant.grantId)).toMatchObject({ revokedAt: expect.any(String), revokedBy: "user" });
      const later = () => server.clock.now() + 91 * 86_400_000;
      expect((await listUserGrants(server.stores, server.deskOwner.userId, later)).some((item) => item.grantId === grant.grantId)).toBe(false);
    });
  });
}
