import { PostgresDialect } from "kysely";
import pg from "pg";
import { boundedPostgresPool, type StatementCount } from "./bounded-postgres-pool.js";
import type { DatabaseDriver } from "./database-driver.js";
import { DEFAULT_POOL_BOUNDS, type PoolBounds } from "./pool-bounds.js";

const INT8_OID = 20;

/**
 * int8 (bigint money columns, count(*)) arrives as a string by default. Amounts stay far below
 * 2^53 minor units, so numbers are exact. The parser is set per pool, not on pg's global registry,
 * so other pg users in the process are unaffected.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * PostgreSQL by pg (Node), the store's default for a `postgres://` URL: a pool with every wait bounded
 * (`PoolBounds`), int8 read as numbers.
 */
export function pgDriver(connectionString: string, bounds: Partial<PoolBounds> = {}): DatabaseDriver {
  const sent: StatementCount = { statements: 0 };
  const pool = boundedPostgresPool(connectionString, { ...DEFAULT_POOL_BOUNDS, ...definedOnly(bounds) }, types, sent);
  // An idle client's error (server restart, terminated backend) reaches the pool, which already
  // discards that client; without a listener the 'error' event would crash the process.
  pool.on("error", () => {});
  return {
    dialect: "postgres",
    kyselyDialect: new PostgresDialect({ pool }),
    // Kysely ends only a pool it has used; endPostgresPool ends it otherwise.
    close: (destroyKysely) => endPostgresPool(pool, destroyKysely),
    statementsSent: () => sent.statements,
    poolStats: () => ({
      max: pool.options.max,
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * Ends the pool and waits until every client's socket has closed. `pool.end()` resolves earlier,
 * while clients are still saying goodbye, and a database dropped in that gap makes them error.
 */
async function endPostgresPool(pool: pg.Pool, end: () => Promise<void>): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await end();
  if (!pool.ending) await pool.end();
  await allClosed;
}

function definedOnly(bounds: Partial<PoolBounds>): Partial<PoolBounds> {
  return Object.fromEntries(Object.entries(bounds).filter(([, value]) => value !== undefined));
}
