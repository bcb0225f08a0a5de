import { SHARED_DATABASE_IN_RUN } from "@connector/store/testing";
import { CLUSTER_TESTS, testConfig, testSettings, UNIT_ONLY } from "@connector/vitest-config";

const shared = testSettings();
/** A quick `TEST_DIALECTS=sqlite` run (no shared database) leaves the second, PgBouncer pass out. */
const withPostgres = SHARED_DATABASE_IN_RUN;
/**
 * The cluster suite (several processes on one PostgreSQL) runs two files at a time, like every package: each
 * file has its own database, processes, ports and fault proxy, and its faults (a stopped database, SIGKILL, a
 * partition) are cut at that file's proxy, so one file's fault never reaches another's processes. The files
 * spend most of their time waiting on processes, so one at a time left a core idle (103 s alone, 62 s two at a time).
 * Their time bounds (a call under 3.6 s, an exit within the shutdown budget) now hold beside a second file and
 * the other tasks: green in every full run so far, loaded runs included; a file that starts missing one runs alone.
 * Those bounds are the tests' own; the runner's shared timeout only catches a hang.
 */
const cluster = {
  ...shared,
  include: [CLUSTER_TESTS],
  exclude: ["**/node_modules/**"],
};

/**
 * Three projects in two turbo tasks, so the cluster suite (mostly waiting on processes) runs beside other
 * packages' tests instead of after this package's: `test` runs `server` (every file but the cluster suite,
 * in parallel, each browser file with its own Chromium), `test:cluster` runs `server cluster` and `server via PgBouncer` (the
 * same files with the processes reaching PostgreSQL through a PgBouncer in transaction pooling that
 * `test/support/pgbouncer-setup.ts` starts for the run). `pnpm test:unit` leaves this package out (the packages' own
 * tests only); run here with `TEST_SCOPE=unit`, `server` runs alone, without its browser files. The root lists no files of its own: Vitest 5 adds a project's `include` to the root's, and the
 * shared `TEST_FILES` there made every file run in all three projects.
 */
export default testConfig({
  include: [],
  projects: [
    {
      test: {
        ...shared,
        name: "server",
        exclude: [...shared.exclude!, CLUSTER_TESTS],
        // Three files at a time: the suite's longest task, and most of its files wait on Chromium or a
        // server rather than use a core (issue 53: 273 s on two; the whole run used 68 % of the 2 cores).
        maxWorkers: 3,
      },
    },
    ...(UNIT_ONLY ? [] : [{ test: { ...cluster, name: "server cluster" } }]),
    ...(withPostgres && !UNIT_ONLY
      ? [
          {
            test: {
              ...cluster,
              name: "server via PgBouncer",
              env: { TEST_CLUSTER_VIA: "pgbouncer" },
              // PgBouncer as it ships, started for this run on a port of its own (issue 37).
              globalSetup: [...(cluster.globalSetup ?? []), "test/support/pgbouncer-setup.ts"],
            },
          },
        ]
      : []),
  ],
});
