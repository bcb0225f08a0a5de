import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { isPageRequest } from "../../src/http/browser-fallbacks.js";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const request = (method: string, path: string, accept?: string) =>
  ({ method, path, headers: accept === undefined ? {} : { accept } }) as unknown as Request;

describe("which requests get a page rather than JSON", () => {
  it("a browser navigating to a page address", () => {
    expect(isPageRequest(request("GET", "/no-such-page", BROWSER))).toBe(true);
    expect(isPageRequest(request("HEAD", "/connections/x", BROWSER))).toBe(true);
  });

  it("never an API client, an API path, or a write", () => {
    expect(isPageRequest(request("GET", "/no-such-page", "application/json"))).toBe(false);
    expect(isPageRequest(request("GET", "/no-such-page"))).toBe(false);
    expect(isPageRequest(request("POST", "/no-such-page", BROWSER))).toBe(false);
    for (const path of ["/api/v1/nothing", "/mcp/desk/x", "/oauth/nothing", "/.well-known/x", "/healthz", "/readyz"]) {
      expect(isPageRequest(request("GET", path, BROWSER)), path).toBe(false);
    }
  });
});
