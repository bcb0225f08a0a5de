import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * What the documents cite as a repository path, and whether it is there.
 *
 * A cited path is
 * - an inline code span (`packages/core/src/x.ts`) outside fenced code blocks, that is one token (no space) and either
 *   starts with one of the repository's top-level folders or files (`packages/`, `apps/`, `.ci/`, `Dockerfile`…), or
 *   has a `/` and ends in a file extension (`test/support/demo-template.ts`, `modern/protocol.ts`): such a path is
 *   relative to some package, so it must be the end of some file's path in the repository;
 * - a relative Markdown link target (`[guide](docs/developer-guide.md)`), taken from the document's own folder.
 *
 * Not paths: URLs and URL paths (`/mcp/desk`, `{base_url}/…`), package names (`@connector/core/ports`), build output
 * and run-time files (`dist/`, `node_modules/`, `apps/server/data/`, `test-results/`), environment placeholders
 * (`$TMPDIR/…`). A placeholder segment (`{id}`, `<name>`, `[entry]`, `*`, `…`) matches any one name, `**` any
 * folders, so `packages/ui/assets/css/*.css` must match at least one file.
 */

/** Folders never walked: installed, built or run-time files. */
const NOT_SOURCES = new Set([".git", "node_modules", "dist", ".turbo", "test-results", "coverage", "data"]);
/** Cited paths that are made by a build or a run, not kept in the repository. */
const GENERATED = /(^|\/)(dist|node_modules|data|test-results|\.turbo)(\/|$)/;
const FILE_EXTENSION = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|ya?ml|css|svg|ini|sql|sh|html)$/;
const PLACEHOLDER = /\{[^}]*\}|<[^>]*>|\[[^\]]*\]|…|\*/;

export interface Citation {
  /** The document, from the repository root. */
  document: string;
  line: number;
  /** The path as the document spells it. */
  cited: string;
}

/** Every file and folder of the repository (from its root, `/`-separated), build output and dependencies left out. */
export function repositoryEntries(root: string): string[] {
  const entries: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (NOT_SOURCES.has(entry.name)) continue;
      const path = join(dir, entry.name);
      entries.push(relative(root, path).split("\\").join("/"));
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return entries;
}

/** The documents whose citations are checked: every Markdown file in `docs/`, the READMEs of the root and of each package. */
export function documents(root: string): string[] {
  const found = ["README.md"];
  const docs = join(root, "docs");
  for (const name of readdirSync(docs)) if (name.endsWith(".md")) found.push(`docs/${name}`);
  for (const group of ["packages", "apps", "examples", "tooling"]) {
    for (const name of readdirSync(join(root, group))) {
      if (existsSync(join(root, group, name, "README.md"))) found.push(`${group}/${name}/README.md`);
    }
  }
  return found.filter((path) => existsSync(join(root, path)));
}

/** The repository's top-level names (`packages`, `.ci`, `Dockerfile`…), which make a code span a path from the root. */
export function topLevelNames(root: string): Set<string> {
  return new Set(readdirSync(root).filter((name) => !NOT_SOURCES.has(name) && name !== ".git"));
}

/** The paths a Markdown text cites (see the file's comment), with their line numbers. */
export function citedPaths(markdown: string, document: string, topLevel: ReadonlySet<string>): Citation[] {
  const citations: Citation[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = index + 1;
    for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
      const cited = span!.replace(/[.,;:]$/, "");
      if (looksLikeRepositoryPath(cited, topLevel)) citations.push({ document, line, cited });
    }
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const path = target!.split("#")[0]!;
      if (path === "" || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("/")) continue;
      const fromRoot = join(dirname(document), path).split("\\").join("/");
      citations.push({ document, line, cited: fromRoot });
    }
  });
  return citations;
}

function looksLikeRepositoryPath(token: string, topLevel: ReadonlySet<string>): boolean {
  if (/^[/@$~{]/.test(token) || /^[a-z][a-z0-9+.-]*:/i.test(token) || GENERATED.test(token)) return false;
  const first = token.split("/")[0]!;
  if (topLevel.has(first) && (token.includes("/") || first === token)) return true;
  return token.includes("/") && FILE_EXTENSION.test(token) && /^[\w.-]/.test(token);
}

const escapeRegExp = (text: string) => text.replace(/[.+?^$()|\\]/g, "\\$&");

/** A cited path as a pattern over repository entries: placeholders and `*` match one name, `**` any folders. */
function pattern(cited: string, fromRoot: boolean): RegExp {
  const body = cited
    .replace(/\/$/, "")
    .split("/")
    .map((segment) => {
      if (segment === "**") return ".*";
      return segment
        .split(PLACEHOLDER)
        .map(escapeRegExp)
        .join("[^/]*");
    })
    .join("/");
  return new RegExp(`${fromRoot ? "^" : "(^|/)"}${body}$`);
}

/** The citations that name nothing in the repository. */
export function missingCitations(citations: readonly Citation[], entries: readonly string[], topLevel: ReadonlySet<string>): Citation[] {
  const exact = new Set(entries);
  return citations.filter(({ cited }) => {
    const path = cited.replace(/\/$/, "");
    const fromRoot = topLevel.has(path.split("/")[0]!);
    if (fromRoot && !PLACEHOLDER.test(path)) return !exact.has(path);
    const matcher = pattern(path, fromRoot);
    return !entries.some((entry) => matcher.test(entry));
  });
}

/** Every path the documents cite that is not in the repository, as `document:line: path` lines. */
export function missingRepositoryPaths(root: string): string[] {
  const entries = repositoryEntries(root);
  const topLevel = topLevelNames(root);
  const citations = documents(root).flatMap((document) =>
    citedPaths(readFileSync(join(root, document), "utf8"), document, topLevel),
  );
  return missingCitations(citations, entries, topLevel).map(({ document, line, cited }) => `${document}:${line}: ${cited}`);
}
