import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from "@connector/store/testing";
import { pinnedPnpm } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { freePort, startServerProcess } from "./support/server-process.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
/** The command the Dockerfile runs to make the image's /app (the directory under test here). */
const DEPLOY_COMMAND = ["--filter", "@connector/server", "deploy", "--prod"];

/** Every symbolic link below `dir`, with where it really points. */
function links(dir: string, found: Array<{ path: string; target: string }> = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) found.push({ path, target: realpathSync(path) });
    else if (entry.isDirectory()) links(path, found);
  }
  return found;
}

/** pnpm's hoisted link to the deployed project itself (back to its workspace folder): nothing imports it. */
const SELF_LINK = join(".pnpm", "node_modules", "@connector", "server");

/**
 * pnpm 10's legacy deploy also writes the deployed project's `node_modules/.bin` (pino's) at the target's path
 * taken relative to the workspace root but applied to the project's folder (`/repo/apps/server` + `../deploy`
 * gives `/repo/apps/deploy`). The deploy directory itself is complete; the stray copy is removed, with the
 * folders pnpm made for it, so a test run leaves nothing behind (in the Docker build stage it is discarded).
 */
function removeStrayBinLinks(target: string): void {
  const stray = resolve(ROOT, "apps/server", relative(ROOT, target));
  if (stray === target || !existsSync(stray)) return;
  rmSync(stray, { recursive: true, force: true });
  // Up to the first folder that holds anything else: those pnpm created only for the stray links.
  for (let folder = dirname(stray); folder !== dirname(folder) && readdirSync(folder).length === 0; folder = dirname(folder)) {
    rmSync(folder, { recursive: true });
  }
}

/**
 * The operator's artifact: `pnpm --filter @connector/server deploy --prod <dir>` (after the build
 * `pnpm test` runs first), moved elsewhere and started with `node dist/main.js` from a directory
 * outside the repository with nothing but its port, DATABASE_URL and the secrets. There is no
 * docker engine on the test machines: the Dockerfile is checked to run these same steps.
 */
describe("the deploy directory", () => {
  let work: string;
  let app: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "connector-deploy-"));
    const deployed = join(work, "deployed");
    const deploy = pinnedPnpm([...DEPLOY_COMMAND, deployed]);
    execFileSync(deploy.command, deploy.args, { cwd: ROOT, stdio: "pipe", env: { ...process.env, CI: "true" } });
    removeStrayBinLinks(deployed);
    // Somewhere else than where pnpm put it: nothing may point back into the repository or the old place.
    app = join(work, "app");
    renameSync(deployed, app);
  }, 240_000);
  afterAll(() => {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  it("holds the built server and its production dependencies only, every link inside itself", () => {
    expect(readdirSync(app).sort()).toEqual(["dist", "node_modules", "package.json"]);
    const outside = links(join(app, "node_modules")).filter(
      (link) => !link.target.startsWith(realpathSync(app)) && !link.path.endsWith(SELF_LINK),
    );
    expect(outside).toEqual([]);
    const installed = readdirSync(join(app, "node_modules", ".pnpm"));
    for (const devOnly of ["vitest", "@connector+testkit", "playwright-core", "typescript"]) {
      expect(installed.some((name) => name.startsWith(`${devOnly}@`))).toBe(false);
    }
    // pnpm's legacy deploy resolves on its own: every third-party version it installed must be the lockfile's (tested here).
    const lockfile = readFileSync(join(ROOT, "pnpm-lock.yaml"), "utf8");
    const drifted = installed
      .filter((name) => !name.startsWith("@connector+") && name !== "node_modules" && name !== "lock.yaml")
      // `name@version` then `_peer…` (a name may hold "_" too: string_decoder).
      .map((name) => /^@?[^@]+@[^_]+/.exec(name)![0].replace("+", "/"))
      .filter((nameAtVersion) => !lockfile.includes(`\n  ${nameAtVersion}:`) && !lockfile.includes(`\n  '${nameAtVersion}':`));
    expect(drifted).toEqual([]);
    // The runtime assets ship inside the build: the developer guide beside the pages bundle, the stylesheets with the ui.
    expect(readFileSync(join(app, "node_modules/@connector/pages/dist/developer-guide.md"), "utf8")).toBe(
      readFileSync(join(ROOT, "docs/developer-guide.md"), "utf8"),
    );
  });

  it("is what the Dockerfile builds and runs, as a non-root user on the Node CI tests first (24) with a readiness health check", () => {
    const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
    expect(dockerfile).toContain("RUN pnpm install --frozen-lockfile");
    expect(dockerfile).toContain(`RUN pnpm ${DEPLOY_COMMAND.join(" ")} /deploy`);
    expect(dockerfile).toContain("COPY --from=build --chown=root:root /deploy /app");
    expect(dockerfile).toContain('CMD ["node", "/app/dist/main.js"]');
    expect(dockerfile.match(/^FROM node:24-[a-z]+-slim/gm)).toHaveLength(2);
    const { packageManager } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { packageManager: string };
    expect(dockerfile).toContain(`RUN npm install -g ${packageManager}\n`);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });

  describe.each(TEST_DIALECTS)("started outside the repository on %s", (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect, { prefix: "deploy_test" });
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("serves the guide, the API reference with its assets, the OpenAPI documents and the pages, then stops on SIGTERM", async () => {
      const cwd = mkdtempSync(join(tmpdir(), "connector-run-"));
      onTestFinished(() => rmSync(cwd, { recursive: true, force: true }));
      const port = await freePort();
      const server = await startServerProcess(join(app, "dist/main.js"), {
        cwd,
        env: { PORT: String(port), DATABASE_URL: database.url, METRICS_TOKEN: "deploy-test-metrics-token" },
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        const guide = await fetch(`${base}/developers`);
        expect(guide.status).toBe(200);
        expect(await guide.text()).toContain("Developer guide");
        const reference = await (await fetch(`${base}/developers/reference`)).text();
        const assets = [...reference.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
        expect(assets.some((path) => path.includes("swagger-ui-bundle"))).toBe(true);
        expect(assets.some((path) => path.includes("site") && path.endsWith(".css"))).toBe(true);
        for (const path of assets) expect((await fetch(base + path)).status, path).toBe(200);
        for (const path of ["/api/connectors/v1/openapi.json", "/api/v1/openapi.json"]) {
          const document = await fetch(base + path);
          expect(document.status, path).toBe(200);
          expect((await document.json()).openapi).toMatch(/^3\.1/);
        }
        expect((await fetch(`${base}/signin`)).status).toBe(200);
        const metrics = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer deploy-test-metrics-token" } });
        expect(await metrics.text()).toContain('connector_http_request_duration_seconds_count{method="GET",route="/readyz",status="200"} 1');
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expect(server.output()).toContain('"msg":"stopped"');
    });
  });
});
