import { testConfig } from "@connector/vitest-config";

/**
 * Every package's tests but the server's (which has its own turbo tasks), in one Vitest run: each folder
 * below is a project with its own `vitest.config.ts`, and the projects share one pool of two workers.
 * One Vitest per package started Vite, its workers and pnpm again for each of thirteen packages, about a
 * quarter of these tests' CPU (docs/decisions.md, issue 21). A package added under `packages/` is a
 * project here without a change; run one package's tests with `pnpm --filter <name> exec vitest run`.
 */
export default testConfig({
  projects: ["../../packages/*", "../../apps/client-sdk", "../../examples/hono-host"],
});
