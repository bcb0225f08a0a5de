import { describe, expect, it } from "vitest";
import { isModernRequest } from "../src/modern/request-era.js";

const call = (meta?: Record<string, unknown>, method = "tools/list") => ({
  jsonrpc: "2.0",
  id: 1,
  method,
  params: meta === undefined ? {} : { _meta: meta },
});
const version = (value: string) => ({ "io.modelcontextprotocol/protocolVersion": value });

describe("which era answers a request", () => {
  it("leaves requests that declare nothing, or a handshake version, to the legacy path", () => {
    expect(isModernRequest(call(), undefined)).toBe(false);
    expect(isModernRequest(call(), "2025-11-25")).toBe(false);
    expect(isModernRequest(call(), "2025-06-18")).toBe(false);
    expect(isModernRequest(call(version("2025-11-25")), undefined)).toBe(false);
    expect(isModernRequest([call(), call()], undefined)).toBe(false);
    expect(isModernRequest(call(undefined, "initialize"), undefined)).toBe(false);
  });

  it("answers 2026-07-28, server/discover and versions nobody speaks the modern way", () => {
    expect(isModernRequest(call(version("2026-07-28")), "2026-07-28")).toBe(true);
    expect(isModernRequest(call(undefined, "server/discover"), undefined)).toBe(true);
    expect(isModernRequest(call(), "2026-07-28")).toBe(true);
    // Refused there with UnsupportedProtocolVersionError, which a 2026-07-28 client falls back on.
    expect(isModernRequest(call(version("2099-01-01")), undefined)).toBe(true);
    expect(isModernRequest(call(), "1999-01-01")).toBe(true);
  });

  it("goes by the body's _meta before the header, so a disagreement reaches the header check", () => {
    expect(isModernRequest(call(version("2026-07-28")), "2025-11-25")).toBe(true);
  });
});
