import { testConfig } from "@connector/vitest-config";

const shared = testConfig().test!;

/**
 * Every test once, then the cluster suite (several processes on one PostgreSQL) a second time with
 * the processes reaching PostgreSQL through PgBouncer in transaction pooling (`.ci/start-pgbouncer`).
 * The projects do not extend the root config: Vitest would add their `include` to its own.
 */
export default testConfig({
  projects: [
    { test: { ...shared, name: "server" } },
    {
      test: { ...shared, name: "server via PgBouncer", include: ["test/cluster-*.test.ts"], env: { TEST_CLUSTER_VIA: "pgbouncer" } },
    },
  ],
});
