import { SHARED_DATABASE_IN_RUN } from "@connector/store/testing";
import { CLUSTER_TESTS, heavyTestSettings, testConfig, UNIT_ONLY } from "@connector/vitest-config";

const shared = heavyTestSettings();
/** A quick `TEST_DIALECTS=sqlite` run (no shared database) leaves the second, PgBouncer pass out. */
const withPostgres = SHARED_DATABASE_IN_RUN;
/**
 * The cluster suite (several processes on one PostgreSQL) runs one file at a time: its faults (a stopped
 * database, SIGKILL, a partition) have time bounds that a second file's load beside them would blur.
 * Vitest runs projects with one worker after the parallel ones, one file after another.
 */
const cluster = { ...shared, include: [CLUSTER_TESTS], exclude: ["**/node_modules/**"], fileParallelism: false, maxWorkers: 1 };

/**
 * Every test once (files in parallel), then the cluster suite, then the cluster suite a second time with
 * the processes reaching PostgreSQL through PgBouncer in transaction pooling (`.ci/start-pgbouncer`).
 * `pnpm test:unit` (`TEST_SCOPE=unit`, SQLite only) runs the first project alone.
 * The projects do not extend the root config: Vitest would add their `include` to its own.
 */
export default testConfig({
  projects: [
    // Files share a worker's modules (`isolate: false`): each file builds its own service, database and
    // port and closes them, and re-importing the whole service per file cost more than its tests (issue 21).
    { test: { ...shared, name: "server", isolate: false, exclude: [...shared.exclude!, CLUSTER_TESTS] } },
    ...(UNIT_ONLY ? [] : [{ test: { ...cluster, name: "server cluster" } }]),
    ...(withPostgres && !UNIT_ONLY
      ? [{ test: { ...cluster, name: "server via PgBouncer", env: { TEST_CLUSTER_VIA: "pgbouncer" } } }]
      : []),
  ],
});
