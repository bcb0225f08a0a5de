import { CallToolRequestSchema, JSONRPCRequestSchema } from "@modelcontextprotocol/core";
import { Server, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { hasPlainHeaders, readDirectToolCall } from "../src/direct-tool-call.js";

const call = (overrides: Record<string, unknown> = {}, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name: "list_accounts", arguments: { limit: 5 }, ...params },
  ...overrides,
});

/** What the SDK itself would accept as a plain (task-less) tools/call request. */
const sdkAccepts = (body: unknown) =>
  JSONRPCRequestSchema.safeParse(body).success && CallToolRequestSchema.safeParse(body).success;

/** The newest handshake revision, which clients send in MCP-Protocol-Version after `initialize`. */
const HANDSHAKE_VERSION = "2025-11-25";

describe("readDirectToolCall", () => {
  it("takes one well-formed tools/call, with a number or string id and with or without arguments", () => {
    expect(readDirectToolCall(call())).toEqual({ id: 7, name: "list_accounts", arguments: { limit: 5 } });
    expect(readDirectToolCall(call({ id: "req-1" }))?.id).toBe("req-1");
    expect(readDirectToolCall(call({}, { arguments: undefined }))?.arguments).toEqual({});
  });

  it("leaves everything else to the SDK: batches, other methods, notifications and malformed or task calls", () => {
    const others: unknown[] = [
      [call()],
      call({ method: "tools/list" }),
      call({ id: undefined }),
      call({ id: null }),
      call({ id: 1.5 }),
      call({ jsonrpc: "1.0" }),
      call({ params: undefined }),
      call({}, { name: 42 }),
      call({}, { arguments: [1, 2] }),
      call({}, { arguments: null }),
      call({}, { task: { ttl: 1000 } }),
      call({}, { _meta: "x" }),
      call({}, { _meta: { progressToken: 1 } }),
      call({}, { _meta: { progressToken: true } }),
      call({}, { _meta: { "io.modelcontextprotocol/related-task": 1 } }),
      call({ extra: 1 }),
      call({ id: 2 ** 60 }),
      call({}, { other: 1 }),
      null,
      "tools/call",
    ];
    for (const body of others) expect(readDirectToolCall(body), JSON.stringify(body)).toBeUndefined();
  });

  it("never takes a call the SDK would refuse (narrower than the SDK, never wider)", () => {
    const variants: unknown[] = [];
    const ids = [7, "a", 2 ** 60, -1, 1.5, null, true];
    const argumentsValues = [undefined, {}, { limit: 1 }, [1], null, "x"];
    const extras = [{}, { _meta: { progressToken: 1 } }, { _meta: { progressToken: true } }, { task: {} }, { other: 1 }];
    for (const id of ids) {
      for (const args of argumentsValues) {
        for (const extra of extras) {
          variants.push(call({ id }, { arguments: args, ...extra }));
          variants.push(call({ id, extra: 1 }, { arguments: args, ...extra }));
        }
      }
    }
    let taken = 0;
    for (const body of variants) {
      if (readDirectToolCall(body) === undefined) continue;
      taken++;
      expect(sdkAccepts(body), JSON.stringify(body)).toBe(true);
    }
    expect(taken).toBeGreaterThanOrEqual(6);
  });
});

/** The status the SDK's own Streamable HTTP transport (stateless, JSON) answers a plain tools/call with these headers. */
async function sdkTransportStatus(headers: Record<string, string>): Promise<number> {
  const server = new Server({ name: "parity", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/call", async () => ({ content: [] }));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const request = new Request("http://127.0.0.1/mcp/desk", { method: "POST", headers: { "content-type": "application/json", ...headers } });
    return (await transport.handleRequest(request, { parsedBody: call() })).status;
  } finally {
    await server.close();
  }
}

describe("hasPlainHeaders", () => {
  it("takes what Streamable HTTP clients send, and only headers the SDK's transport accepts (it words every refusal)", async () => {
    const accepts = ["application/json, text/event-stream", "text/event-stream, application/json;q=0.9", "application/json", "text/event-stream", "*/*", ""];
    const versions = [undefined, HANDSHAKE_VERSION, "2025-06-18", "2025-03-26", "1999-01-01", "latest"];
    let taken = 0;
    for (const accept of accepts) {
      for (const version of versions) {
        const headers: Record<string, string> = { accept, ...(version === undefined ? {} : { "mcp-protocol-version": version }) };
        if (!hasPlainHeaders(headers)) continue;
        taken++;
        expect(await sdkTransportStatus(headers), JSON.stringify(headers)).toBe(200);
      }
    }
    expect(hasPlainHeaders({ accept: "application/json, text/event-stream" })).toBe(true);
    expect(hasPlainHeaders({ accept: "application/json, text/event-stream", "mcp-protocol-version": HANDSHAKE_VERSION })).toBe(true);
    expect(hasPlainHeaders({ accept: "application/json" })).toBe(false);
    expect(hasPlainHeaders({ accept: "application/json, text/event-stream", "mcp-protocol-version": "1999-01-01" })).toBe(false);
    expect(hasPlainHeaders({ accept: "application/json, text/event-stream", "mcp-protocol-version": ["2025-06-18", "2025-06-18"] })).toBe(false);
    expect(taken).toBeGreaterThanOrEqual(6);
  });
});
