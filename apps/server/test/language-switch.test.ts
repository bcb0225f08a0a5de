import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";

/** The language switch on every page: a plain link that remembers the choice and comes back to the page. */
describe("choosing the pages' language", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
  });
  afterAll(async () => {
    await service?.close();
  });

  const choose = (path: string) => fetch(`${service.baseUrl}${path}`, { redirect: "manual" });

  it("remembers the choice for a year and goes back to the page it came from", async () => {
    const answer = await choose("/language/es?back=%2Fdevelopers");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/developers");
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^lang=es; Max-Age=31536000;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const home = await (await fetch(`${service.baseUrl}/`, { headers: { cookie: "lang=es", "accept-language": "en-US" } })).text();
    expect(home).toContain('<html lang="es"');
    const browserSays = await (await fetch(`${service.baseUrl}/`, { headers: { "accept-language": "es-MX,es;q=0.9" } })).text();
    expect(browserSays).toContain('<html lang="es"');
  });

  it("never leaves the service, and ignores a language it does not have", async () => {
    for (const back of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const answer = await choose(`/language/es?back=${encodeURIComponent(back)}`);
      expect(answer.headers.get("location"), back).toBe("/");
    }
    const unknown = await choose("/language/fr?back=%2Fresolve");
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("/resolve");
    expect(unknown.headers.get("set-cookie")).toBeNull();
  });
});
