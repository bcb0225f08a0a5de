import { testConfig } from "@connector/vitest-config";

const shared = testConfig().test!;
/** A quick `TEST_DIALECTS=sqlite` run leaves the second, PgBouncer pass out. */
const withPostgres = (process.env.TEST_DIALECTS ?? "postgres").split(",").includes("postgres");

/**
 * Every test once, then the cluster suite (several processes on one PostgreSQL) a second time with
 * the processes reaching PostgreSQL through PgBouncer in transaction pooling (`.ci/start-pgbouncer`).
 * The projects do not extend the root config: Vitest would add their `include` to its own.
 */
export default testConfig({
  projects: [
    { test: { ...shared, name: "server" } },
    ...(withPostgres
      ? [{ test: { ...shared, name: "server via PgBouncer", include: ["test/cluster-*.test.ts"], env: { TEST_CLUSTER_VIA: "pgbouncer" } } }]
      : []),
  ],
});
