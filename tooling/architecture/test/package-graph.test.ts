import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layeringViolations } from "../src/layering-violations.js";
import { readWorkspaceGraph, type WorkspacePackage } from "../src/workspace-graph.js";

const ROOT = join(import.meta.dirname, "../../..");

describe("the package graph", () => {
  const graph = readWorkspaceGraph(ROOT);

  it("reads every workspace package, with the imports of its sources", () => {
    const names = graph.map((pkg) => pkg.name);
    expect(names).toEqual(expect.arrayContaining(["@connector/core", "@connector/auth", "@connector/pages", "@connector/server"]));
    expect(graph.find((pkg) => pkg.name === "@connector/rest-server")?.imported.has("@connector/core")).toBe(true);
  });

  it("holds the layers: no package depends on or imports one its layer may not", () => {
    expect(layeringViolations(graph)).toEqual([]);
  });

  it("the OAuth server installs nothing of the people's pages", () => {
    const auth = graph.find((pkg) => pkg.name === "@connector/auth")!;
    for (const page of ["@connector/pages", "@connector/ui"]) {
      expect(auth.declared).not.toContain(page);
      expect(auth.imported.has(page)).toBe(false);
    }
  });

  it("lets the packages that make spans use OpenTelemetry's API, and only apps/server its SDK", () => {
    const otel = (name: string) => [...graph.find((pkg) => pkg.name === name)!.openTelemetry.keys()];
    for (const name of ["@connector/core", "@connector/http", "@connector/mcp-server", "@connector/store"]) expect(otel(name)).toEqual(["@opentelemetry/api"]);
    expect(otel("@connector/server")).toEqual(expect.arrayContaining(["@opentelemetry/api", "@opentelemetry/sdk-trace", "@opentelemetry/exporter-trace-otlp-proto"]));
  });

  it("names a wrong-way import with its file, an undeclared package, and a package that takes OpenTelemetry's SDK", () => {
    const wrongWay: WorkspacePackage = {
      name: "@connector/auth",
      folder: "packages/auth",
      declared: ["@connector/core", "@connector/pages"],
      imported: new Map([["@connector/ui", "packages/auth/src/http/send.ts"]]),
      openTelemetry: new Map([
        ["@opentelemetry/api", "package.json"],
        ["@opentelemetry/sdk-trace", "packages/auth/src/tracing.ts"],
      ]),
    };
    const stranger: WorkspacePackage = { name: "@connector/new-thing", folder: "packages/new-thing", declared: [], imported: new Map(), openTelemetry: new Map() };
    expect(layeringViolations([wrongWay, stranger])).toEqual([
      "@connector/auth depends on @connector/pages (package.json), which its layer may not",
      "@connector/auth imports @connector/ui in packages/auth/src/http/send.ts, which its layer may not",
      "@connector/auth uses @opentelemetry/sdk-trace (packages/auth/src/tracing.ts): a package uses OpenTelemetry's API alone, the SDK is the host's (apps/server)",
      "@connector/new-thing (packages/new-thing) has no place in the layers: add it to tooling/architecture/src/layers.ts",
    ]);
  });
});
