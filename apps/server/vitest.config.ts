import { SHARED_DATABASE_IN_RUN } from "@connector/store/testing";
import { CLUSTER_TESTS, SHARED_CHROMIUM, testConfig, testSettings, UNIT_ONLY } from "@connector/vitest-config";

const shared = testSettings();
/** A quick `TEST_DIALECTS=sqlite` run (no shared database) leaves the second, PgBouncer pass out. */
const withPostgres = SHARED_DATABASE_IN_RUN;
/**
 * The cluster suite (several processes on one PostgreSQL) runs one file at a time: its faults (a stopped
 * database, SIGKILL, a partition) have time bounds, and two files' processes beside each other would blur them.
 */
const cluster = { ...shared, include: [CLUSTER_TESTS], exclude: ["**/node_modules/**"], fileParallelism: false, maxWorkers: 1 };

/**
 * Three projects in two turbo tasks, so the cluster suite (mostly waiting on processes) runs beside other
 * packages' tests instead of after this package's: `test` runs `server` (every file but the cluster suite,
 * in parallel, sharing one Chromium), `test:cluster` runs `server cluster`, then `server via PgBouncer` (the
 * same files with the processes reaching PostgreSQL through PgBouncer in transaction pooling,
 * `.ci/start-pgbouncer`). `pnpm test:unit` (`TEST_SCOPE=unit`, SQLite only) runs `server` alone, without
 * its browser files. The projects do not extend the root config: Vitest would add their `include` to its own.
 */
export default testConfig({
  projects: [
    {
      test: {
        ...shared,
        name: "server",
        exclude: [...shared.exclude!, CLUSTER_TESTS],
        globalSetup: UNIT_ONLY ? [] : [SHARED_CHROMIUM],
      },
    },
    ...(UNIT_ONLY ? [] : [{ test: { ...cluster, name: "server cluster" } }]),
    ...(withPostgres && !UNIT_ONLY
      ? [{ test: { ...cluster, name: "server via PgBouncer", env: { TEST_CLUSTER_VIA: "pgbouncer" } } }]
      : []),
  ],
});
