import { describe, expect, it } from "vitest";
import { ModernProtocolError } from "../src/modern/modern-error.js";
import { readModernRequest } from "../src/modern/modern-request.js";

const meta = (version = "2026-07-28") => ({
  "io.modelcontextprotocol/protocolVersion": version,
  "io.modelcontextprotocol/clientCapabilities": {},
});
const headers = (version = "2026-07-28", method = "tools/call", name: string | undefined = "list_accounts") => ({
  "mcp-protocol-version": version,
  "mcp-method": method,
  ...(name === undefined ? {} : { "mcp-name": name }),
});
const call = (version = "2026-07-28") => ({
  jsonrpc: "2.0",
  id: 5,
  method: "tools/call",
  params: { name: "list_accounts", arguments: {}, _meta: meta(version) },
});

/** The refusal `read` throws, as code and HTTP status. */
function refusal(read: () => unknown): { code: number; status: number } {
  try {
    read();
  } catch (error) {
    if (error instanceof ModernProtocolError) return { code: error.code, status: error.status };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("reading a 2026-07-28 request", () => {
  it("accepts a request whose headers mirror the body", () => {
    expect(readModernRequest(call(), headers())).toMatchObject({ id: 5, method: "tools/call" });
  });

  it("refuses a version header contradicting _meta as HeaderMismatch, even when _meta names an unknown version", () => {
    expect(refusal(() => readModernRequest(call("2099-01-01"), headers()))).toEqual({ code: -32020, status: 400 });
  });

  it("refuses an unknown version with -32022 before looking at anything else, batches included", () => {
    expect(refusal(() => readModernRequest(call("2099-01-01"), headers("2099-01-01")))).toEqual({ code: -32022, status: 400 });
    expect(refusal(() => readModernRequest([call()], headers("2099-01-01")))).toEqual({ code: -32022, status: 400 });
    expect(refusal(() => readModernRequest({ jsonrpc: "2.0", id: 1, method: "tools/list" }, headers("2099-01-01", "tools/list")))).toEqual({
      code: -32022,
      status: 400,
    });
  });

  it("refuses a batch in the current version as an invalid request", () => {
    expect(refusal(() => readModernRequest([call()], headers()))).toEqual({ code: -32600, status: 400 });
  });
});
