import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSharedTestDatabase } from "@connector/store/testing";

const TEST_PGBOUNCER_URL = process.env.TEST_PGBOUNCER_URL ?? "postgres://postgres@127.0.0.1:6433/postgres";

/** The database behind the service: an embedded file (SQLite), a shared server (PostgreSQL), or that server through PgBouncer. */
export type Setup = "embedded" | "shared" | "pgbouncer";
export const SETUP_NAMES: Record<Setup, string> = { embedded: "SQLite", shared: "PostgreSQL", pgbouncer: "PostgreSQL through PgBouncer (transaction pooling)" };

export interface BenchDatabase {
  url: string;
  /** Behind PgBouncer: where sessions go direct (DATABASE_DIRECT_URL). */
  directUrl?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database: a temp SQLite file, or a new PostgreSQL database on TEST_PG_URL dropped afterwards,
 * reached directly or through the PgBouncer on TEST_PGBOUNCER_URL (then sessions go direct).
 */
export async function benchDatabase(setup: Setup): Promise<BenchDatabase> {
  if (setup === "embedded") {
    const dir = mkdtempSync(join(tmpdir(), "bench-service-"));
    return { url: join(dir, "bench.db"), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const database = await createSharedTestDatabase({ prefix: "bench_" });
  if (setup === "shared") return database;
  const bouncer = new URL(TEST_PGBOUNCER_URL);
  bouncer.pathname = new URL(database.url).pathname;
  return { url: bouncer.toString(), directUrl: database.url, drop: database.drop };
}
