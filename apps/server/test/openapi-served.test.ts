import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "./support/test-service.js";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(EMBEDDED_TEST_DIALECT);
});
afterAll(async () => {
  await service?.close();
});

describe("OpenAPI documents at stable URLs", () => {
  it.each([
    ["openapi.json", ["desk", "resolve"]],
    ["desk/openapi.json", ["desk"]],
    ["resolve/openapi.json", ["resolve"]],
  ])("/api/connectors/v1/%s describes the running service", async (path, workspaces) => {
    const response = await fetch(`${service.baseUrl}/api/connectors/v1/${path}`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { servers: unknown; paths: Record<string, unknown> };
    expect(document.servers).toEqual([{ url: `${service.baseUrl}/api/connectors/v1` }]);
    const served = new Set(Object.keys(document.paths).map((operation) => operation.split("/")[1]));
    expect([...served].sort()).toEqual(workspaces);
  });
});
