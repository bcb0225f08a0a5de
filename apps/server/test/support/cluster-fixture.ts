import { join } from "node:path";
import { createSharedTestDatabase, queryTestDatabase, TEST_PG_URL, type TestDatabase } from "@connector/store/testing";
import { type Cluster, startCluster } from "../../src/cluster/start-cluster.js";
import { SERVER_DEMO_TEMPLATE } from "./demo-template.js";
import { FaultProxy } from "./fault-proxy.js";
import { type Connection, type ConnectRequest, connectAs } from "./test-service.js";

export interface ClusterFixture {
  cluster: Cluster;
  /** The proxy's URL (BASE_URL) and each process's own URL. */
  baseUrl: string;
  memberUrl(index: number): string;
  /** PostgreSQL as the processes reach it, through a proxy the test controls (two, one per route, through PgBouncer). */
  database: DatabaseFaults;
  /** Runs SQL on the same database directly (not through the fault proxy), to look at rows. */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** `select count(*) …` as a number. */
  count(text: string, values?: unknown[]): Promise<number>;
  connect(request: ConnectRequest): Promise<Connection>;
  close(): Promise<void>;
}

/** The faults a test puts on the way to the database. */
export type DatabaseFaults = Pick<FaultProxy, "cut" | "restore" | "freeze" | "thaw" | "setLatency" | "holdCommitAfter">;

/** `TEST_CLUSTER_VIA=pgbouncer` (vitest project "server via PgBouncer") runs the cluster suite through PgBouncer. */
const VIA_PGBOUNCER = process.env.TEST_CLUSTER_VIA === "pgbouncer";
/** PgBouncer in transaction pooling in front of TEST_PG_URL's server (`.ci/start-pgbouncer`). */
const TEST_PGBOUNCER_URL = process.env.TEST_PGBOUNCER_URL ?? "postgres://postgres@127.0.0.1:6433/postgres";

/** `url` with its host and port replaced: the same database reached another way. */
function reachedAt(url: string, host: string, port: number): string {
  const moved = new URL(url);
  moved.host = `${host}:${port}`;
  return moved.toString();
}

/** One set of faults over several proxies: the pool's route and the session route fail together. */
function allOf(pooled: FaultProxy, others: FaultProxy[]): DatabaseFaults {
  const every = [pooled, ...others];
  return {
    cut: async () => {
      await Promise.all(every.map((proxy) => proxy.cut()));
    },
    restore: async () => {
      await Promise.all(every.map((proxy) => proxy.restore()));
    },
    freeze: () => {
      for (const proxy of every) proxy.freeze();
    },
    thaw: () => {
      for (const proxy of every) proxy.thaw();
    },
    setLatency: (ms) => {
      for (const proxy of every) proxy.setLatency(ms);
    },
    // Commits of the tools' writes travel on the pool's route.
    holdCommitAfter: (marker) => pooled.holdCommitAfter(marker),
  };
}

export interface ClusterFixtureOptions {
  processes?: number;
  env?: NodeJS.ProcessEnv;
  /**
   * Start on an empty database, which the processes migrate and seed themselves (the start-up lock
   * under test). Otherwise on a copy of the demo template: the processes find it migrated and seeded
   * and write nothing, which spares each file a migration and a seed (issue 21).
   */
  empty?: boolean;
}

/**
 * Two (or more) real server processes (`dist/main.js`, built before tests run) started together on
 * one fresh PostgreSQL database, reached through a fault proxy, behind the round-robin proxy of
 * `start:cluster`.
 */
export async function startClusterFixture(options: ClusterFixtureOptions = {}): Promise<ClusterFixture> {
  const testDatabase: TestDatabase = await createSharedTestDatabase({
    prefix: "cluster_test_",
    ...(options.empty ? {} : { template: SERVER_DEMO_TEMPLATE }),
  });
  const direct = new URL(TEST_PG_URL);
  const directProxy = new FaultProxy(direct.hostname, Number(direct.port || 5432));
  await directProxy.start();
  // Through PgBouncer: DATABASE_URL reaches PgBouncer (transaction pooling), DATABASE_DIRECT_URL PostgreSQL itself.
  const bouncer = new URL(TEST_PGBOUNCER_URL);
  const bouncerProxy = VIA_PGBOUNCER ? new FaultProxy(bouncer.hostname, Number(bouncer.port || 6433)) : undefined;
  await bouncerProxy?.start();
  const proxies = bouncerProxy === undefined ? [directProxy] : [bouncerProxy, directProxy];
  const database = allOf(proxies[0]!, proxies.slice(1));
  const urls = {
    DATABASE_URL: reachedAt(testDatabase.url, "127.0.0.1", proxies[0]!.port),
    ...(bouncerProxy === undefined ? {} : { DATABASE_DIRECT_URL: reachedAt(testDatabase.url, "127.0.0.1", directProxy.port) }),
  };

  let cluster: Cluster;
  try {
    cluster = await startCluster({
      processes: options.processes ?? 2,
      entry: join(import.meta.dirname, "../../dist/main.js"),
      env: {
        ...process.env,
        ...urls,
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
    for (const proxy of proxies) await proxy.close();
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
      for (const proxy of proxies) await proxy.close();
      await testDatabase.drop();
    },
  };
}
