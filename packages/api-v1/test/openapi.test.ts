import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { API_V1_ROUTES, buildApiV1OpenApi } from "../src/index.js";

const run = promisify(execFile);
const BASE = "https://connector.example";

describe("the /api/v1 OpenAPI 3.1 document", () => {
  const document = buildApiV1OpenApi(API_V1_ROUTES, { baseUrl: BASE }) as any;

  it("has one operation per route, generated from the routes' schemas", () => {
    const operations = Object.values(document.paths).flatMap((path: any) => Object.values(path)) as any[];
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(API_V1_ROUTES.map((route) => route.operationId).sort());
    expect(document.servers).toEqual([{ url: `${BASE}/api/v1` }]);
    const place = document.paths["/placements"].post;
    expect(Object.keys(place.requestBody.content)).toEqual(["application/json", "text/csv"]);
    expect(place.parameters.map((parameter: any) => parameter.name)).toEqual(["dryRun", "agency_desk_id"]);
    expect(place.responses["400"].description).toContain("invalid_amount");
    expect(document.paths["/keys/{keyId}"].delete.parameters[0]).toMatchObject({ name: "keyId", in: "path", required: true });
  });

  it("secures every route but discovery with a desk key or a session", () => {
    for (const [path, item] of Object.entries(document.paths) as [string, any][]) {
      for (const operation of Object.values(item) as any[]) {
        const expected = path === "/" || path === "/openapi.json" ? [] : [{ DeskKey: [] }, { Session: [] }];
        expect(operation.security, path).toEqual(expected);
      }
    }
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
  }, 60_000);
});
