import { join } from "node:path";
import { createTestDatabase, queryTestDatabase, TEST_PG_URL, type TestDatabase } from "@connector/store/testing";
import { type Cluster, startCluster } from "../../src/cluster/start-cluster.js";
import { FaultProxy } from "./fault-proxy.js";
import { type Connection, type ConnectRequest, connectAs } from "./test-service.js";

export interface ClusterFixture {
  cluster: Cluster;
  /** The proxy's URL (BASE_URL) and each process's own URL. */
  baseUrl: string;
  memberUrl(index: number): string;
  /** PostgreSQL as the processes reach it, through a proxy the test controls. */
  database: FaultProxy;
  /** Runs SQL on the same database directly (not through the fault proxy), to look at rows. */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** `select count(*) …` as a number. */
  count(text: string, values?: unknown[]): Promise<number>;
  connect(request: ConnectRequest): Promise<Connection>;
  close(): Promise<void>;
}

/**
 * Two (or more) real server processes (`dist/main.js`, built before tests run) started together on
 * one fresh, empty PostgreSQL database, reached through a fault proxy, behind the round-robin proxy
 * of `start:cluster`.
 */
export async function startClusterFixture(options: { processes?: number; env?: NodeJS.ProcessEnv } = {}): Promise<ClusterFixture> {
  const testDatabase: TestDatabase = await createTestDatabase("postgres", { prefix: "cluster_test_" });
  const target = new URL(TEST_PG_URL);
  const database = new FaultProxy(target.hostname, Number(target.port || 5432));
  await database.start();
  const proxied = new URL(testDatabase.url);
  proxied.host = `127.0.0.1:${database.port}`;

  let cluster: Cluster;
  try {
    cluster = await startCluster({
      processes: options.processes ?? 2,
      entry: join(import.meta.dirname, "../../dist/main.js"),
      env: {
        ...process.env,
        DATABASE_URL: proxied.toString(),
        LOG_LEVEL: "warn",
        DEMO_SEED: "true",
        ...options.env,
      },
      output: "pipe",
      // A process that dies on its own is a finding: show why.
      onMemberExit: (member, code, signal) => {
        if (signal !== "SIGKILL" && code !== 0) process.stderr.write(`member ${member.index} exited (${code ?? signal}):\n${member.output().slice(-4000)}\n`);
      },
    });
  } catch (error) {
    await database.close();
    await testDatabase.drop();
    throw error;
  }
  const query = <Row,>(text: string, values: unknown[] = []) => queryTestDatabase<Row>(testDatabase.url, text, values);

  return {
    cluster,
    baseUrl: cluster.url,
    memberUrl: (index) => cluster.members[index]!.url,
    database,
    query,
    count: async (text, values) => Number((await query<{ count: string }>(text, values))[0]!.count),
    connect: (request) => connectAs(cluster.url, request),
    async close() {
      await cluster.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}
