import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packAll, publishedPackages, ROOT } from "./consumer-project.js";
import { asCommonJs, type CodeSample, containsInOrder, typeScriptSamples } from "./markdown-samples.js";

/**
 * Every TypeScript block of the client SDK's README and of the developer guide, compiled as a stranger
 * compiles them: in an empty project that installed the packed SDK with npm, under TypeScript 7 with the
 * options its `tsc --init` writes and under TypeScript 5.9 with `strict`, as ES modules (nodenext, bundler)
 * and as CommonJS (node16), with `skipLibCheck: false` so the SDK's own declarations are checked too.
 */
const DOCUMENTS = [
  { name: "README.md", file: join(ROOT, "apps/client-sdk/README.md") },
  { name: "developer-guide.md", file: join(ROOT, "docs/developer-guide.md") },
];

let work: string;
let project: string;
let installedSdk: string;

function npm(args: string[], cwd: string): void {
  const run = spawnSync("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_fund: "false", npm_config_audit: "false" } });
  if (run.status !== 0) throw new Error(`npm ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "connector-sdk-samples-"));
  const sdk = publishedPackages().filter((pkg) => pkg.name === "@connector/client");
  const tarball = packAll(sdk, join(work, "tarballs")).get("@connector/client")!;
  project = join(work, "stranger");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "stranger", private: true, type: "module" }, null, 2)}\n`);
  // What the README's install lines say, plus the second TypeScript under another name.
  npm(["install", tarball, "@modelcontextprotocol/client@^2.4.0"], project);
  npm(["install", "-D", "typescript@~7.0.2", "typescript-5.9@npm:typescript@~5.9.3", "@types/node@^24"], project);
  installedSdk = join(project, "node_modules/@connector/client");
  // TypeScript 7's own defaults for a new project, as `npx tsc --init` writes them.
  execFileSync(process.execPath, [join(project, "node_modules/typescript/bin/tsc"), "--init"], { cwd: project, stdio: "pipe" });
}, 600_000);
afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

const samples = (): CodeSample[] => DOCUMENTS.flatMap(({ name, file }) => typeScriptSamples(readFileSync(file, "utf8"), name));

/** The programs to compile: the complete blocks, and each shipped example a fragment belongs to. */
function programs(): Array<{ name: string; code: string }> {
  const found = new Map<string, string>();
  samples().forEach((sample, index) => {
    if (sample.fragmentOf === undefined) found.set(`sample-${index}`, sample.code);
    else found.set(sample.fragmentOf.replace(/\W+/g, "-"), readFileSync(join(installedSdk, sample.fragmentOf), "utf8"));
  });
  return [...found].map(([name, code]) => ({ name, code }));
}

interface Setup {
  label: string;
  tsc: string;
  config: Record<string, unknown>;
  ending: ".ts" | ".cts";
}

/** Compiles the programs under `setup`: tsc's complaints, or "" when it has none. */
function compile(setup: Setup): Promise<string> {
  const dir = join(project, setup.label);
  mkdirSync(dir, { recursive: true });
  const files = programs().map(({ name, code }) => {
    writeFileSync(join(dir, `${name}${setup.ending}`), setup.ending === ".cts" ? asCommonJs(code) : code);
    return `${name}${setup.ending}`;
  });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...setup.config, files }, null, 2));
  return new Promise((resolve) => {
    execFile(process.execPath, [join(project, "node_modules", setup.tsc, "bin/tsc"), "-p", "tsconfig.json", ...threads(setup)], { cwd: dir, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve(error === null ? "" : `${stdout}${stderr}`),
    );
  });
}

/**
 * TypeScript 7 checks a program on four threads by default, each checker working out much of what the others do:
 * one checker cost about 30 % less CPU for the same answer, and the six compiles already run side by side on the
 * two cores (issue 53).
 */
const threads = (setup: Setup) => (setup.tsc === "typescript" ? ["--checkers", "1"] : []);

/** TypeScript 7: `tsc --init`'s file, changed only where a Node program and the check need it. */
const initDefaults = (options: Record<string, unknown>) => ({
  extends: "../tsconfig.json",
  compilerOptions: { types: ["node"], skipLibCheck: false, noEmit: true, ...options },
});
/** TypeScript 5.9: `strict`, the rest as a project would set it. */
const strict59 = (options: Record<string, unknown>) => ({
  compilerOptions: { strict: true, target: "es2022", types: ["node"], skipLibCheck: false, noEmit: true, moduleDetection: "force", ...options },
});

const SETUPS: Setup[] = [
  { label: "ts7-nodenext", tsc: "typescript", config: initDefaults({ module: "nodenext" }), ending: ".ts" },
  { label: "ts7-bundler", tsc: "typescript", config: initDefaults({ module: "preserve", moduleResolution: "bundler" }), ending: ".ts" },
  // CommonJS: TypeScript writes the imports as `require`, which `verbatimModuleSyntax` forbids in a .cts file.
  { label: "ts7-node16-cjs", tsc: "typescript", config: initDefaults({ module: "node16", verbatimModuleSyntax: false }), ending: ".cts" },
  { label: "ts5.9-nodenext", tsc: "typescript-5.9", config: strict59({ module: "nodenext" }), ending: ".ts" },
  { label: "ts5.9-bundler", tsc: "typescript-5.9", config: strict59({ module: "esnext", moduleResolution: "bundler" }), ending: ".ts" },
  { label: "ts5.9-node16-cjs", tsc: "typescript-5.9", config: strict59({ module: "node16" }), ending: ".cts" },
];

describe("the SDK README's and the developer guide's TypeScript, compiled from the packed SDK", () => {
  it("are complete programs, or fragments of an example the tarball ships (all of the fragment, in order)", () => {
    expect(samples().length).toBeGreaterThan(5);
    const parts = samples().filter((each) => each.fragmentOf !== undefined);
    // The README's Connect and MCP blocks, and the developer guide's MCP block.
    expect(parts.map((part) => part.fragmentOf).sort()).toEqual([
      "examples/connect-desk.mts",
      "examples/connect-mcp.mts",
      "examples/connect-mcp.mts",
    ]);
    for (const sample of parts) {
      const example = readFileSync(join(installedSdk, sample.fragmentOf!), "utf8");
      expect(containsInOrder(example, sample.code), `${sample.where} is not in ${sample.fragmentOf}`).toBe(true);
    }
  });

  it("TypeScript 7's tsc --init turns on exactOptionalPropertyTypes and noUncheckedIndexedAccess", () => {
    const written = readFileSync(join(project, "tsconfig.json"), "utf8");
    expect(written).toMatch(/^\s*"exactOptionalPropertyTypes": true/m);
    expect(written).toMatch(/^\s*"noUncheckedIndexedAccess": true/m);
  });

  // The six compiles run side by side, each tsc a process of its own (one after another they left a core idle),
  // each test awaiting its own.
  let compiled: Map<string, Promise<string>> | undefined;
  const compiledUnder = (setup: Setup) => {
    compiled ??= new Map(SETUPS.map((each) => [each.label, compile(each)]));
    return compiled.get(setup.label)!;
  };
  for (const setup of SETUPS) {
    it(`compile under ${setup.label}, skipLibCheck false`, async () => {
      expect(await compiledUnder(setup)).toBe("");
    });
  }
});
