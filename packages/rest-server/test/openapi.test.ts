import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildToolCatalogue, ERROR_STATUS, SCOPES } from "@connector/core";
import { CONNECTOR_ERROR_CODES } from "@connector/core/errors";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../src/index.js";

const run = promisify(execFile);
const catalogue = buildToolCatalogue();
const BASE = "https://connector.example";

describe("the OpenAPI 3.1 description (spec §4.1, §5.1.12, §9)", () => {
  const combined = buildOpenApiDocument(catalogue, { baseUrl: BASE });
  const operations = Object.values(combined.paths).map((path) => path.post);

  it("is version 1.3.0 of an OpenAPI 3.1 document served under /api/connectors/v1", () => {
    expect(combined.openapi).toBe("3.1.0");
    expect(combined.info.version).toBe("1.3.0");
    expect(combined.servers).toEqual([{ url: `${BASE}/api/connectors/v1` }]);
  });

  it("declares Retry-After on 429 and 503, and the RateLimit headers on every answer to a counted call", () => {
    const responses = combined.components.responses as Record<string, { headers?: Record<string, unknown> }>;
    for (const name of ["RateLimited", "ServiceUnavailable"]) expect(Object.keys(responses[name]!.headers!), name).toContain("Retry-After");
    for (const name of ["InvalidInput", "PermissionMissing", "Unavailable", "IdempotencyConflict", "PayloadTooLarge", "UnsupportedMediaType", "RateLimited", "ServiceUnavailable"]) {
      expect(Object.keys(responses[name]!.headers!), name).toEqual(expect.arrayContaining(["RateLimit", "RateLimit-Policy"]));
    }
    // A 401 carries the challenge, and to a DPoP request the nonce to sign the next proof with.
    expect(Object.keys(responses.ConnectionRequired!.headers!)).toEqual(["WWW-Authenticate", "DPoP-Nonce"]);
    for (const operation of operations) expect(Object.keys(operation.responses["200"].headers)).toEqual(["RateLimit", "RateLimit-Policy"]);
  });

  it("has one operation per tool with ids desk_<tool> and resolve_<tool>", () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      catalogue.tools.map((tool) => `${tool.workspace}_${tool.name}`).sort(),
    );
    expect(Object.keys(combined.paths)).toContain("/desk/tools/list_accounts");
  });

  it("secures every operation with ServiceOAuth and the tool's scope", () => {
    const scheme = combined.components.securitySchemes.ServiceOAuth;
    expect(scheme.type).toBe("oauth2");
    expect(scheme.flows.authorizationCode.authorizationUrl).toBe(`${BASE}/oauth/authorize`);
    expect(scheme.flows.authorizationCode.tokenUrl).toBe(`${BASE}/oauth/token`);
    expect(Object.keys(scheme.flows.authorizationCode.scopes).sort()).toEqual(Object.keys(SCOPES).sort());
    for (const tool of catalogue.tools) {
      const operation = combined.paths[`/${tool.workspace}/tools/${tool.name}`]!.post;
      expect(operation.security).toEqual([{ ServiceOAuth: [tool.scope] }]);
    }
  });

  it("documents the request body, the success schema and every error status with the error schema", () => {
    for (const operation of operations) {
      expect(operation.requestBody.content["application/json"].schema).toMatchObject({ type: "object", additionalProperties: false });
      expect(operation.responses["200"].content["application/json"].schema).toMatchObject({ type: "object" });
      for (const status of ["400", "401", "403", "404", "429", "503"]) {
        expect(operation.responses).toHaveProperty(status);
      }
    }
    const draft = combined.paths["/desk/tools/create_placement_draft"]!.post;
    expect(draft.responses).toHaveProperty("409");
    expect(combined.components.responses.RateLimited?.headers).toHaveProperty("Retry-After");
  });

  it("lists the connector's error codes only, never /api/v1's (issue 54: the client SDK's code union is generated from it)", () => {
    const error = combined.components.schemas.ErrorBody.properties.error.properties;
    expect([...error.code.enum]).toEqual([...CONNECTOR_ERROR_CODES]);
    expect([...error.details.items.properties.code.enum]).toEqual([...CONNECTOR_ERROR_CODES]);
    for (const code of ["duplicate_reference", "draft_closed", "invalid_api_key", "csrf_failed", "routing_failed"]) {
      expect(Object.hasOwn(ERROR_STATUS, code), code).toBe(true);
      expect(error.code.enum as readonly string[], code).not.toContain(code);
    }
    // Every code a documented answer names is one of them.
    const described = JSON.stringify(combined.components.responses);
    for (const code of Object.keys(ERROR_STATUS).filter((name) => new RegExp(`\\b${name}\\b`).test(described))) {
      expect(CONNECTOR_ERROR_CODES as readonly string[], code).toContain(code);
    }
  });

  it("takes the spec's constraints from the zod schemas: list_accounts limit 1..50, default 20, required", () => {
    const schema = combined.paths["/desk/tools/list_accounts"]!.post.requestBody.content["application/json"].schema as any;
    expect(schema.properties.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 20 });
    expect(schema.required).toContain("limit");
    expect(schema.properties.cursor.format).toBe("uuid");
  });

  it("publishes one document per workspace with only that workspace's tools and scopes", () => {
    const desk = buildOpenApiDocument(catalogue, { baseUrl: BASE, workspace: "desk" });
    expect(Object.keys(desk.paths).every((path) => path.startsWith("/desk/"))).toBe(true);
    expect(Object.keys(desk.components.securitySchemes.ServiceOAuth.flows.authorizationCode.scopes).sort()).toEqual([
      "desk:drafts",
      "desk:read",
    ]);
  });

  it("passes Redocly CLI's recommended rules with no errors, for all three documents", async () => {
    const dir = mkdtempSync(join(tmpdir(), "openapi-"));
    const files = [undefined, "desk", "resolve"].map((workspace) => {
      const file = join(dir, `${workspace ?? "connectors"}.json`);
      writeFileSync(file, JSON.stringify(buildOpenApiDocument(catalogue, { baseUrl: BASE, ...(workspace ? { workspace: workspace as "desk" } : {}) })));
      return file;
    });
    const redocly = join(import.meta.dirname, "../node_modules/.bin/redocly");
    for (const file of files) {
      // Redocly exits non-zero when it finds errors; the JSON report on stdout says which.
      const result = await run(redocly, ["lint", "--format=json", file], {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      }).catch((error) => error as { stdout: string });
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf("{")));
      expect(report.problems.filter((problem: any) => problem.severity === "error"), file).toEqual([]);
      expect(report.totals.errors).toBe(0);
    }
  });
});
