import { createBearerGuard, createTokenVerifier, DPOP_ALGORITHMS } from "@connector/auth";
import { BearerError, type BearerAuthenticator } from "@connector/http";
import { TEST_DIALECTS } from "@connector/store/testing";
import { BrowserSession, OAuthTestClient } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callResource, startTestServer, type TestServer } from "./helpers/test-server.js";

/** Every challenge of the guard also offers DPoP (RFC 9449 §7.1), with the algorithms it accepts. */
const DPOP_OFFER = `, DPoP algs="${DPOP_ALGORITHMS.join(" ")}"`;

/** Bearer verification for the resource servers (issue 3 §7): the guard and the MCP SDK verifier. */
for (const dialect of TEST_DIALECTS) {
  describe(`bearer verification (${dialect})`, () => {
    let server: TestServer;
    let client: OAuthTestClient;
    let session: BrowserSession;
    let metadata: (workspace: string) => string;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      client = await OAuthTestClient.register(server);
      session = new BrowserSession(server.baseUrl);
      await session.signIn(server.deskOwner.email, server.deskOwner.password);
      metadata = (workspace) => `${server.baseUrl}/.well-known/oauth-protected-resource/mcp/${workspace}`;
    });
    afterAll(async () => {
      await server?.close();
    });

    it("answers a request without a token with 401 connection_required and a bare challenge", async () => {
      const call = await callResource(server, "/mcp/desk");
      expect(call.status).toBe(401);
      expect(call.body.error.code).toBe("connection_required");
      expect(call.wwwAuthenticate).toBe(`Bearer resource_metadata="${metadata("desk")}"${DPOP_OFFER}`);
    });

    it("answers an unknown token with 401 invalid_token", async () => {
      const call = await callResource(server, "/mcp/desk", "at_unknown");
      expect(call.status).toBe(401);
      expect(call.body.error.code).toBe("invalid_token");
      expect(call.wwwAuthenticate).toBe(
        `Bearer resource_metadata="${metadata("desk")}", error="invalid_token", error_description="The access token is expired, revoked or unknown. Refresh it or connect again."${DPOP_OFFER}`,
      );
    });

    it("does not accept a refresh token as an access token", async () => {
      const tokens = await client.connect(session);
      expect((await callResource(server, "/mcp/desk", tokens.refresh_token)).status).toBe(401);
    });

    it("answers a missing scope with 403 insufficient_scope naming the scope", async () => {
      const tokens = await client.connect(session, { scopes: ["desk:read"] });
      const call = await callResource(server, "/mcp/desk?scope=desk:drafts", tokens.access_token);
      expect(call.status).toBe(403);
      expect(call.body.error.code).toBe("insufficient_scope");
      expect(call.wwwAuthenticate).toBe(
        `Bearer resource_metadata="${metadata("desk")}", error="insufficient_scope", scope="desk:drafts", error_description="This connection lacks the desk:drafts permission. Reconnect and allow it."${DPOP_OFFER}`,
      );
      expect((await callResource(server, "/mcp/desk?scope=desk:read", tokens.access_token)).status).toBe(200);
    });

    it("throws a BearerError that is a ServiceError with the challenge in its headers", async () => {
      const guard = createBearerGuard({ verifier: createTokenVerifier(server.stores), baseUrl: `${server.baseUrl}/` });
      // Typechecked: the guard is the connector gate's one bearer interface.
      const authenticate: BearerAuthenticator = guard.authenticate;
      const error = await authenticate("Basic abc", "resolve").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BearerError);
      expect(error).toMatchObject({
        status: 401,
        code: "connection_required",
        wwwAuthenticate: `Bearer resource_metadata="${metadata("resolve")}"`,
        headers: { "WWW-Authenticate": `Bearer resource_metadata="${metadata("resolve")}"` },
      });
    });

    it("stops a token when its user no longer belongs to a desk", async () => {
      const tokens = await client.connect(session);
      await server.database.db
        .withTables<{ users: { id: string; desk_id: string | null; desk_role: string | null } }>()
        .updateTable("users")
        .set({ desk_id: null, desk_role: null })
        .where("id", "=", server.deskOwner.userId)
        .execute();
      try {
        expect((await callResource(server, "/mcp/desk", tokens.access_token)).status).toBe(401);
      } finally {
        await server.database.db
          .withTables<{ users: { id: string; desk_id: string | null; desk_role: string | null } }>()
          .updateTable("users")
          .set({ desk_id: server.deskId, desk_role: "owner" })
          .where("id", "=", server.deskOwner.userId)
          .execute();
      }
      expect((await callResource(server, "/mcp/desk", tokens.access_token)).status).toBe(200);
    });

    describe("through the MCP SDK's requireBearerAuth", () => {
      it("accepts a live token and hands over numeric expiry, resource, scopes, client and principal", async () => {
        const tokens = await client.connect(session);
        const call = await callResource(server, "/sdk/mcp/desk", tokens.access_token, "POST");
        expect(call.status).toBe(200);
        expect(call.body.auth).toMatchObject({
          token: tokens.access_token,
          clientId: client.client.client_id,
          scopes: ["desk:read", "desk:drafts"],
          resource: `${server.baseUrl}/mcp/desk`,
          extra: { principal: { workspace: "desk", deskId: server.deskId } },
        });
        expect(call.body.auth.expiresAt).toBe(Math.floor((server.clock.now() + 15 * 60 * 1000) / 1000));
      });

      it("refuses a Desk token at the Resolve server by audience", async () => {
        const tokens = await client.connect(session);
        const call = await callResource(server, "/sdk/mcp/resolve", tokens.access_token, "POST");
        expect(call.status).toBe(401);
        expect(call.body.error).toBe("invalid_token");
        expect(call.wwwAuthenticate).toContain(`resource_metadata="${metadata("resolve")}"`);
      });

      it("refuses a revoked token", async () => {
        const tokens = await client.connect(session);
        await client.revoke(tokens.refresh_token!);
        const call = await callResource(server, "/sdk/mcp/desk", tokens.access_token, "POST");
        expect(call.status).toBe(401);
        expect(call.body.error).toBe("invalid_token");
      });
    });
  });
}
