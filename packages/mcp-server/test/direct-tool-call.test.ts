import { CallToolRequestSchema, JSONRPCRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { readDirectToolCall } from "../src/direct-tool-call.js";

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

describe("readDirectToolCall", () => {
  it("takes one well-formed tools/call, with a number or string id and with or without arguments", () => {
    expect(readDirectToolCall(call())).toEqual({ id: 7, name: "list_accounts", arguments: { limit: 5 } });
    expect(readDirectToolCall(call({ id: "req-1" }))?.id).toBe("req-1");
    expect(readDirectToolCall(call({}, { arguments: undefined }))?.arguments).toEqual({});
    expect(readDirectToolCall(call({}, { _meta: { progressToken: 1 } }))?.name).toBe("list_accounts");
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
      null,
      "tools/call",
    ];
    for (const body of others) expect(readDirectToolCall(body), JSON.stringify(body)).toBeUndefined();
  });

  it("only ever takes what the SDK would accept as a tools/call request", () => {
    const bodies = [call(), call({ id: "a" }), call({}, { arguments: undefined }), call({}, { _meta: { progressToken: "p" } })];
    for (const body of bodies) {
      expect(readDirectToolCall(body)).toBeDefined();
      expect(sdkAccepts(body)).toBe(true);
    }
  });
});
