import { buildToolCatalogue } from "@connector/core";
import { RESOLVE_GUIDES } from "@connector/core/resolve";
import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, openAdapter } from "./support/adapters.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Issue 40: get_resolve_guide keeps taking no arguments (spec §4.1) and answers in the language the
 * HTTP request's Accept-Language prefers, Spanish or English, over REST and over MCP, saying which.
 */
const catalogue = buildToolCatalogue();
const parse = (body: unknown) => catalogue.find("resolve", "get_resolve_guide")!.outputSchema.parse(body) as any;

let service: TestService;
let accessToken: string;
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
  ({ accessToken } = await service.connect({ workspace: "resolve" }));
});
afterAll(async () => {
  await service?.close();
});

describe.each(ADAPTERS)("get_resolve_guide's language over %s", (adapterName) => {
  const cases = [
    { header: "es-US,es;q=0.9,en;q=0.8", language: "es" },
    { header: "es-MX", language: "es" },
    { header: "en-US,en;q=0.9,es;q=0.8", language: "en" },
    { header: "fr-FR, es;q=0.5", language: "es" },
    { header: "fr-FR", language: "en" },
    { header: undefined, language: "en" },
  ] as const;

  it.each(cases)("Accept-Language $header → $language", async ({ header, language }) => {
    const adapter = await openAdapter(adapterName, service.baseUrl, "resolve", accessToken, header === undefined ? {} : { "accept-language": header });
    try {
      const { ok, body } = await adapter.call("get_resolve_guide");
      expect(ok).toBe(true);
      const result = parse(body);
      expect(result.language).toBe(language);
      expect(result.guide).toEqual(RESOLVE_GUIDES[language]);
    } finally {
      await adapter.close();
    }
  });

  it("still takes no arguments: a language asked for in the body is refused", async () => {
    const adapter = await openAdapter(adapterName, service.baseUrl, "resolve", accessToken, { "accept-language": "es" });
    try {
      const { ok, body } = await adapter.call("get_resolve_guide", { language: "es" });
      expect(ok).toBe(false);
      expect(body.error.code).toBe("invalid_input");
    } finally {
      await adapter.close();
    }
  });
});

describe("get_resolve_guide's language on both MCP paths", () => {
  const post = (params: Record<string, unknown>) =>
    fetch(`${service.baseUrl}/mcp/resolve`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${accessToken}`,
        "accept-language": "es-419,es;q=0.9",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

  it("the direct path (a plain tools/call) and the SDK's (a call with _meta) both answer in Spanish", async () => {
    const direct = await post({ name: "get_resolve_guide", arguments: {} });
    const throughSdk = await post({ name: "get_resolve_guide", arguments: {}, _meta: { progressToken: "guide" } });
    for (const answer of [direct, throughSdk]) {
      expect(answer.status).toBe(200);
      expect(answer.body.result.structuredContent.language).toBe("es");
      expect(answer.body.result.structuredContent.guide.sections[0].title).toBe(RESOLVE_GUIDES.es.sections[0]!.title);
    }
  });
});
