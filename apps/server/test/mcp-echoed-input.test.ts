import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modernRequest } from "./support/modern-mcp-client.js";
import { startTestService, type TestService } from "./support/test-service.js";

const LONG = `<script>alert(1)</script>${"x".repeat(5_000)}`;

/**
 * Issue 51, finding 9: `resources/read` of an unknown address and `tools/call` of a 5,000-character
 * tool name came back whole, a `<script>` included, in the error. What a caller sent is now repeated
 * as a short excerpt with markup and control characters escaped (core's `echoedInput`), on the direct
 * path, through the SDK's server, and over REST, where the same words are used.
 */
describe.each(TEST_DIALECTS)("MCP errors repeat what was sent only as a short escaped excerpt, on %s", (dialect) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(dialect);
    token = (await service.connect({ workspace: "desk" })).accessToken;
  });
  afterAll(async () => {
    await service?.close();
  });

  /** Everything an answer says, as text: no part of it may hold the whole input or its markup. */
  const expectBounded = (answer: unknown) => {
    const text = JSON.stringify(answer);
    expect(text).not.toContain("<script>");
    expect(text).not.toContain("x".repeat(100));
    expect(text.length).toBeLessThan(2_000);
  };

  it("an unknown tool, called directly or through the SDK's server", async () => {
    const direct = await fetch(`${service.baseUrl}/mcp/desk`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: LONG, arguments: {} } }),
    });
    const body = (await direct.json()) as any;
    expect(body.result.isError).toBe(true);
    const { error } = JSON.parse(body.result.content[0].text);
    expect(error.code).toBe("unknown_tool");
    expect(error.message).toContain('There is no tool named "\\u003cscript\\u003ealert(1)');
    expectBounded(body);

    const modern = await modernRequest(`${service.baseUrl}/mcp/desk`, token, { method: "tools/call", params: { name: LONG, arguments: {} } });
    expectBounded(modern.body);
  });

  it("an unknown resource address", async () => {
    const uri = `ui://connector/${LONG}`;
    const reply = await modernRequest(`${service.baseUrl}/mcp/desk`, token, { method: "resources/read", params: { uri }, headers: { "mcp-name": uri } });

    expect(reply.body.error).toBeDefined();
    expect(reply.body.error.message).toContain("Resource not found: ui://connector/\\u003cscript");
    expectBounded(reply.body);
  });

  it("an unknown property in a tool's arguments, over MCP and REST alike", async () => {
    const rest = await fetch(`${service.baseUrl}/api/connectors/v1/desk/tools/list_accounts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ limit: 5, [LONG]: 1 }),
    });
    expect(rest.status).toBe(400);
    expectBounded(await rest.json());
  });
});
