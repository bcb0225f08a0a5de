import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession, consentFields, MemoryOAuthProvider } from "@connector/testkit";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { startTestService, type TestService } from "./support/test-service.js";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
});
afterAll(async () => {
  await service?.close();
});

describe("a third-party MCP client against /mcp/resolve", () => {
  it("is challenged, authorizes through discovery, registration, PKCE and consent, then calls tools", async () => {
    const serverUrl = new URL(`${service.baseUrl}/mcp/resolve`);
    const provider = new MemoryOAuthProvider("http://127.0.0.1:1/callback");

    // The SDK client meets the 401 challenge and sends the person to the authorization page.
    const firstTry = new Client({ name: "third-party-agent", version: "1.0.0" });
    await expect(firstTry.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.get("resource")).toBe(serverUrl.href);

    // The person signs in and allows only the read scope.
    const session = new BrowserSession(service.baseUrl);
    await session.signIn(DEMO_USERS.consumer.email, DEMO_USERS.consumer.password);
    const page = await session.request(authorizationUrl);
    const decision = await session.postForm("/oauth/consent", {
      ...consentFields(await page.text()),
      granted_scope: ["resolve:read"],
      decision: "allow",
    });
    const code = new URL(decision.headers.get("location")!).searchParams.get("code")!;

    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
    await transport.finishAuth(code);
    const client = new Client({ name: "third-party-agent", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("get_resolve_guide");
      const guide = await client.callTool({ name: "get_resolve_guide", arguments: {} });
      expect(guide.isError).toBeFalsy();
      expect((guide.structuredContent as any).guide.sections.length).toBeGreaterThan(3);

      // resolve:drafts was unticked at consent: the draft tool is refused with HTTP 403.
      const refused = await client
        .callTool({
          name: "create_consumer_request_draft",
          arguments: { kind: "documents", recipient: "Harbor", idempotencyKey: "sdk-scope-check-0001" },
        })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      expect(String(refused)).toMatch(/403|insufficient_scope/);
    } finally {
      await client.close();
    }
  });
});
