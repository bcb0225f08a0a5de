import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/** What the example proves: a host needs core, the store, and a web framework of its own choosing. */
const ALLOWED_RUNTIME_DEPENDENCIES = ["@connector/core", "@connector/store", "@hono/node-server", "hono"];

/** The root names of `@connector/core` an embedding host is promised (core's README). */
const CORE_ROOT_SURFACE = new Set([
  "buildToolCatalogue",
  "TOOL_DEFINITIONS",
  "resolveTool",
  "executeTool",
  "ToolRuntime",
  "ToolCall",
  "ToolCatalogue",
  "CatalogueEntry",
  "ConnectorPrincipal",
  "Workspace",
  "Scope",
  "WORKSPACES",
  "requiredScope",
  "ServiceError",
  "isServiceError",
  "toServiceError",
  "ERROR_STATUS",
  "ErrorCode",
  "ErrorBody",
  "CONNECTOR_CONTRACT_VERSION",
  "DomainStores",
  "ToolStores",
  "UnitOfWork",
]);

async function sourceFiles(): Promise<Array<{ file: string; text: string }>> {
  const files = await readdir(join(root, "src"));
  return Promise.all(
    files.filter((file) => file.endsWith(".ts")).map(async (file) => ({ file, text: await readFile(join(root, "src", file), "utf8") })),
  );
}

describe("the example host's dependencies", () => {
  it("lists core, the store and Hono only: no Express, no auth, no HTTP or MCP/REST adapters", async () => {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(ALLOWED_RUNTIME_DEPENDENCIES);
    expect(manifest.peerDependencies).toBeUndefined();
  });

  it("imports only those packages, Node's net types at its Node edge, and its own files", async () => {
    for (const { file, text } of await sourceFiles()) {
      for (const [, specifier] of text.matchAll(/from "([^"]+)"/g)) {
        const allowed =
          specifier!.startsWith("./") ||
          ALLOWED_RUNTIME_DEPENDENCIES.some((name) => specifier === name || specifier!.startsWith(`${name}/`)) ||
          (file === "start-host.ts" && specifier === "node:net");
        expect(allowed, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it("takes from core's root only the surface an embedding host is promised, and no subpath", async () => {
    for (const { file, text } of await sourceFiles()) {
      for (const [, names, specifier] of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"(@connector\/core[^"]*)"/g)) {
        expect(specifier, `${file} imports a subpath of core`).toBe("@connector/core");
        for (const name of names!.split(",").map((part) => part.replace(/^\s*type\s+/, "").trim()).filter(Boolean)) {
          expect(CORE_ROOT_SURFACE.has(name), `${file} imports ${name} from @connector/core`).toBe(true);
        }
      }
    }
  });
});
