import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { citedPaths, missingCitations, missingRepositoryPaths, repositoryEntries, topLevelNames } from "./support/cited-paths.js";

const ROOT = join(import.meta.dirname, "../../..");

describe("paths the documents cite", () => {
  it("every repository path in docs/*.md and the READMEs exists", () => {
    const missing = missingRepositoryPaths(ROOT);
    expect(missing, `cited in the documents but not in the repository:\n${missing.join("\n")}\n`).toEqual([]);
  });

  it("a wrong path is reported, and what is not a repository path is not", () => {
    const topLevel = topLevelNames(ROOT);
    const markdown = [
      "Lives in `packages/core/src/no-such-file.ts` and `src/no/such/helper.ts`, see [the guide](no-such-guide.md).",
      "Exists: `packages/core/README.md`, `test/support/embedding-host.ts`, `packages/ui/assets/css/*.css`, `.ci/run`.",
      "Placeholders: `packages/{name}/README.md`, `apps/server/test/cluster-*.test.ts`.",
      "Not paths: `/mcp/desk`, `{base_url}/resolve/offers/{offerId}`, `@connector/core/ports`, `apps/server/dist/main.js`, `res.json`.",
      "```sh",
      "cat packages/inside/a/fence.ts",
      "```",
    ].join("\n");
    const citations = citedPaths(markdown, "docs/example.md", topLevel);
    const missing = missingCitations(citations, repositoryEntries(ROOT), topLevel).map((citation) => citation.cited);
    expect(missing).toEqual(["packages/core/src/no-such-file.ts", "src/no/such/helper.ts", "docs/no-such-guide.md"]);
    expect(citations.map((citation) => citation.cited)).not.toContain("/mcp/desk");
    expect(citations).toHaveLength(9);
  });
});
