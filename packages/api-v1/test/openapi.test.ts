import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { API_V1_ROUTES, buildApiV1OpenApi } from "../src/index.js";

const run = promisify(execFile);
const BASE = "https://connector.example";
const METHODS = ["get", "post", "put", "delete"];
const PUBLIC = new Set(["discover", "openapi", "peekAgencyInvite", "routeAsk", "routeDoorReadiness", "receive", "receptionReadiness"]);

describe("the /api/v1 OpenAPI 3.1 document", () => {
  const document = buildApiV1OpenApi(API_V1_ROUTES, { baseUrl: BASE }) as any;

  it("has one operation per route, generated from the routes' schemas", () => {
    const operations = Object.values(document.paths).flatMap((path: any) =>
      Object.entries(path).filter(([key]) => METHODS.includes(key)).map(([, operation]) => operation),
    ) as any[];
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(API_V1_ROUTES.map((route) => route.operationId).sort());
    expect(document.servers).toEqual([{ url: `${BASE}/api/v1` }]);
    const place = document.paths["/placements"].post;
    expect(Object.keys(place.requestBody.content)).toEqual(["application/json", "text/csv"]);
    expect(place.parameters.map((parameter: any) => parameter.name)).toEqual(["dryRun", "agency_desk_id"]);
    expect(place.responses["400"].description).toContain("invalid_amount");
    expect(document.paths["/keys/{keyId}"].delete.parameters[0]).toMatchObject({ name: "keyId", in: "path", required: true });
  });

  it("gives every request and response body a real schema: placement rows have their fields, nothing is an untyped item", () => {
    const rows = document.paths["/placements"].post.requestBody.content["application/json"].schema.properties.accounts;
    expect(rows.items).toMatchObject({ type: "object", required: ["reference", "name"], additionalProperties: false });
    expect(Object.keys(rows.items.properties)).toEqual(["reference", "name", "amount", "currency", "creditor"]);
    expect(JSON.stringify(document)).not.toContain('"items":{}');
    expect(document.info.version).toBe("1.1.0");
  });

  it("secures every route but discovery, the invite peek and the routing doors with a desk key or a session", () => {
    for (const [path, item] of Object.entries(document.paths) as [string, any][]) {
      for (const [method, operation] of Object.entries(item).filter(([key]) => METHODS.includes(key)) as [string, any][]) {
        const expected = PUBLIC.has(operation.operationId) ? [] : [{ DeskKey: [] }, { Session: [] }];
        expect(operation.security, `${method} ${path}`).toEqual(expected);
      }
    }
  });

  it("describes the routing doors at the host root, every part-2 endpoint under /api/v1", () => {
    for (const path of ["/api/agents/route", "/api/reception"]) {
      expect(document.paths[path].servers).toEqual([{ url: BASE }]);
      expect(Object.keys(document.paths[path]).sort()).toEqual(["get", "post", "servers"]);
    }
    expect(document.paths["/api/reception"].post.responses["504"].description).toContain("llm_timeout");
    for (const path of [
      "/agency/invites",
      "/agency/invites/{inviteId}/revoke",
      "/agency/invites/peek",
      "/agency/invites/redeem",
      "/agency/clients",
      "/agency/memberships",
      "/phones/import",
      "/inventory/skip",
      "/escalations",
    ]) {
      expect(document.paths[path], path).toBeDefined();
      expect(document.paths[path].servers, path).toBeUndefined();
    }
    expect(document.paths["/agency/invites/peek"].get.responses["404"].description).toContain("invalid_invite");
  });

  it("passes Redocly CLI's recommended rules with no errors", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "api-v1-openapi-")), "api-v1.json");
    writeFileSync(file, JSON.stringify(document));
    const redocly = join(import.meta.dirname, "../node_modules/.bin/redocly");
    const result = await run(redocly, ["lint", "--format=json", file], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((error) => error as { stdout: string });
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf("{")));
    expect(report.problems.filter((problem: any) => problem.severity === "error")).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});
