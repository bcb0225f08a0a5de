import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pinnedPnpm } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PublishedPackage, pnpm, publishedPackages, ROOT } from "./consumer-project.js";
import { scratchCopy } from "./scratch-copy.js";

const LEVELS = ["patch", "minor", "major"] as const;
type Level = (typeof LEVELS)[number];

/** Each package's highest bump over the pending changesets, from their front matter. */
function pendingBumps(changesetDir: string): Map<string, Level> {
  const bumps = new Map<string, Level>();
  for (const file of readdirSync(changesetDir).filter((name) => name.endsWith(".md") && name !== "README.md")) {
    const front = readFileSync(join(changesetDir, file), "utf8").split("---")[1] ?? "";
    for (const [, name, level] of front.matchAll(/"([^"]+)":\s*(patch|minor|major)/g)) {
      const current = bumps.get(name!);
      if (current === undefined || LEVELS.indexOf(level as Level) > LEVELS.indexOf(current)) bumps.set(name!, level as Level);
    }
  }
  return bumps;
}

/** The level between two versions as changesets reads it for 0.x (a breaking change bumps the minor). */
function levelBetween(before: string, after: string): Level | "none" {
  const [a, b] = [before, after].map((version) => version.split(".").map(Number)) as [number[], number[]];
  if (b[0]! > a[0]!) return "major";
  if (b[1]! > a[1]!) return "minor";
  if (b[2]! > a[2]!) return "patch";
  return "none";
}

/** `pnpm publish -r --dry-run --json` (an array, one entry per package) → package@version → the files its tarball would carry. */
function tarballContents(report: string): Map<string, string[]> {
  const entries = JSON.parse(report) as { id: string; files: { path: string }[] }[];
  return new Map(entries.map((entry) => [entry.id, entry.files.map((file) => file.path)]));
}

/** `examples/`: the client SDK's runnable examples, which its README links to in the tarball. */
const ALLOWED_FILE = /^(LICENSE|README\.md|CHANGELOG\.md|package\.json|dist\/.+|assets\/.+|examples\/[\w-]+\.mts)$/;
const FORBIDDEN_FILE = /(^|\/)(src|test|tests|__tests__|fixtures)\/|\.test\.|\.env|\.npmrc|\.(pem|key|db|sqlite)$/;
/** What must never be published: private keys, desk keys, the demo users' passwords. */
const SECRET = /-----BEGIN [A-Z ]*PRIVATE KEY-----|service_live_[A-Za-z0-9_-]{20,}|harbor-demo-owner|resolve-demo-consumer/;
/** Private workspace code, which a source map must not carry into a published package. */
const PRIVATE_SOURCE = /(tooling\/testkit|packages\/site|apps\/server)\//;

describe("a rehearsed release: changeset version, then pnpm publish -r --dry-run, on a scratch copy", () => {
  let scratch: string;
  let packages: PublishedPackage[];
  let bumps: Map<string, Level>;
  let before: Map<string, string>;
  let published: Map<string, string[]>;
  let privateVersions: Map<string, string>;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "connector-release-"));
    packages = publishedPackages();
    scratchCopy(scratch, packages);
    const version = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version as string;
    before = new Map(packages.map((pkg) => [pkg.name, version(pkg.dir)]));
    privateVersions = new Map([["apps/server", version(join(ROOT, "apps/server"))]]);
    bumps = pendingBumps(join(scratch, ".changeset"));
    pnpm(["install", "--offline", "--frozen-lockfile", "--ignore-scripts"], scratch);
    pnpm(["exec", "changeset", "version"], scratch);
    // No git here (so no git checks); --force so no version already in a registry changes what is rehearsed.
    const publish = pinnedPnpm(["publish", "-r", "--dry-run", "--json", "--no-git-checks", "--force"]);
    const run = spawnSync(publish.command, publish.args, {
      cwd: scratch,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    expect(run.status, run.stderr).toBe(0);
    published = tarballContents(run.stdout);
  }, 300_000);
  afterAll(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  const versionIn = (pkg: PublishedPackage) =>
    JSON.parse(readFileSync(join(scratch, pkg.dir.slice(ROOT.length + 1), "package.json"), "utf8")).version as string;

  it("bumps each package at least as its pending changesets ask, writes its changelog, and leaves private packages alone", () => {
    expect(bumps.size).toBeGreaterThan(0);
    for (const pkg of packages) {
      const after = versionIn(pkg);
      const asked = bumps.get(pkg.name);
      const level = levelBetween(before.get(pkg.name)!, after);
      if (asked !== undefined) {
        // 0.x: changesets turns a major into a minor, so a minor or more is what "major" can mean here.
        const needed = asked === "major" && before.get(pkg.name)!.startsWith("0.") ? "minor" : asked;
        expect(LEVELS.indexOf(level as Level), `${pkg.name} ${before.get(pkg.name)} → ${after}`).toBeGreaterThanOrEqual(LEVELS.indexOf(needed));
        const changelog = readFileSync(join(scratch, pkg.dir.slice(ROOT.length + 1), "CHANGELOG.md"), "utf8");
        expect(changelog, pkg.name).toContain(`## ${after}\n`);
      }
    }
    for (const [dir, version] of privateVersions) {
      expect(JSON.parse(readFileSync(join(scratch, dir, "package.json"), "utf8")).version, dir).toBe(version);
    }
    expect(readdirSync(join(scratch, ".changeset")).filter((name) => name.endsWith(".md"))).toEqual(["README.md"]);
  });

  it("publishes exactly the public packages at their new versions, each tarball only its build, license and manifest", () => {
    expect([...published.keys()].sort()).toEqual(packages.map((pkg) => `${pkg.name}@${versionIn(pkg)}`).sort());
    for (const [tarball, files] of published) {
      expect(files, tarball).toContain("LICENSE");
      expect(files.some((file) => file.startsWith("dist/")), tarball).toBe(true);
      expect(files.filter((file) => !ALLOWED_FILE.test(file) || FORBIDDEN_FILE.test(file)), tarball).toEqual([]);
    }
  });

  it("carries no secret, and no source map brings private workspace code along", () => {
    for (const pkg of packages) {
      const files = published.get(`${pkg.name}@${versionIn(pkg)}`) ?? [];
      for (const file of files.filter((name) => name.startsWith("dist/"))) {
        const text = readFileSync(join(pkg.dir, file), "utf8");
        expect(SECRET.test(text), `${pkg.name}/${file}`).toBe(false);
        if (file.endsWith(".map")) {
          const sources: string[] = JSON.parse(text).sources;
          expect(sources.filter((source) => PRIVATE_SOURCE.test(source)), `${pkg.name}/${file}`).toEqual([]);
        }
      }
    }
  });
});
