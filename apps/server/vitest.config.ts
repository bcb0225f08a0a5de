import { testConfig } from "@connector/vitest-config";

/**
 * Every test once, then the cluster suite (several processes on one PostgreSQL) a second time with
 * the processes reaching PostgreSQL through PgBouncer in transaction pooling (`.ci/start-pgbouncer`).
 */
export default testConfig({
  projects: [
    { extends: true, test: { name: "server" } },
    {
      extends: true,
      test: { name: "server via PgBouncer", include: ["test/cluster-*.test.ts"], env: { TEST_CLUSTER_VIA: "pgbouncer" } },
    },
  ],
});
