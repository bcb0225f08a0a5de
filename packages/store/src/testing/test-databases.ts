import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase } from "../database/create-database.js";
import type { Database } from "../database/database.js";
import { DIALECT_CAPABILITIES, type DialectName } from "../database/dialect-capabilities.js";
import { randomHex } from "./random-hex.js";
import { copyPostgresTemplate, copySqliteTemplate, MIGRATED_TEMPLATE, type TestTemplate } from "./test-templates.js";

export type TestDialect = DialectName;

export const ALL_TEST_DIALECTS: readonly TestDialect[] = ["sqlite", "postgres"];

/** Administrative connection for creating per-file databases (trust auth on loopback). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** `TEST_DIALECTS=sqlite` (comma-separated) runs a subset; unset means both. */
export const TEST_DIALECTS: readonly TestDialect[] = parseTestDialects(process.env.TEST_DIALECTS);

/** The dialect of a database several processes can share (a server): cluster, job-queue and notification tests. */
export const SHARED_TEST_DIALECT: TestDialect = ALL_TEST_DIALECTS.find((name) => DIALECT_CAPABILITIES[name].sharedByProcesses)!;
/** The dialect of a database one process owns (an embedded file): the quick default of most tests. */
export const EMBEDDED_TEST_DIALECT: TestDialect = ALL_TEST_DIALECTS.find((name) => !DIALECT_CAPABILITIES[name].sharedByProcesses)!;
/** Whether this run includes a database several processes can share (`TEST_DIALECTS` names one). */
export const SHARED_DATABASE_IN_RUN = TEST_DIALECTS.includes(SHARED_TEST_DIALECT);

export interface TestDatabase {
  dialect: TestDialect;
  /** What to pass to `createDatabase({ url })`. */
  url: string;
  /** Removes the database (PostgreSQL: drops it, closing stray connections; SQLite: deletes its folder). */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Name prefix of the PostgreSQL database (default `store_test_`), to tell packages' leftovers apart. */
  prefix?: string;
  /**
   * Start as a copy of this template (e.g. `MIGRATED_TEMPLATE`) instead of empty: the template is
   * built once per code version and copied per call, far cheaper than migrating and seeding again.
   */
  template?: TestTemplate;
}

/**
 * A fresh database no other test run can see: a temp-dir SQLite file or a new PG database, empty
 * or a copy of `options.template`.
 */
export async function createTestDatabase(
  dialect: TestDialect,
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = await mkdtemp(join(tmpdir(), "store-test-"));
    const file = join(dir, "test.db");
    if (options.template !== undefined) await copySqliteTemplate(options.template, file);
    return { dialect, url: file, drop: () => rm(dir, { recursive: true, force: true }) };
  }

  const prefix = options.prefix ?? "store_test_";
  // The name is spliced into DDL (it cannot be a bind parameter), so only plain identifiers pass.
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Invalid test database prefix "${prefix}".`);
  const name = `${prefix}${randomHex(6)}`;
  const { template } = options;
  await withAdminClient(async (client) => {
    if (template === undefined) await client.query(`create database "${name}"`);
    else await copyPostgresTemplate(client, TEST_PG_URL, template, name);
  });
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: async () => {
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** A fresh database several processes can share (see `createTestDatabase`). */
export function createSharedTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  return createTestDatabase(SHARED_TEST_DIALECT, options);
}

export interface WithTestDatabaseOptions extends Omit<CreateTestDatabaseOptions, "template"> {
  /** Start migrated (default true): a copy of `MIGRATED_TEMPLATE`. False: an empty database. */
  migrate?: boolean;
}

/** Creates and opens a migrated test database, runs `fn`, then closes and drops it whatever happens. */
export async function withTestDatabase<T>(
  dialect: TestDialect,
  fn: (database: Database, testDatabase: TestDatabase) => Promise<T>,
  options: WithTestDatabaseOptions = {},
): Promise<T> {
  const { migrate = true, ...createOptions } = options;
  const testDatabase = await createTestDatabase(dialect, {
    ...createOptions,
    ...(migrate ? { template: MIGRATED_TEMPLATE } : {}),
  });
  try {
    const database = await createDatabase({ url: testDatabase.url });
    try {
      return await fn(database, testDatabase);
    } finally {
      await database.close();
    }
  } finally {
    await testDatabase.drop();
  }
}

/**
 * Runs one SQL statement on a PostgreSQL test database over its own connection, for tests that
 * look at rows behind the service's back (another process wrote them) without a store.
 */
export async function queryTestDatabase<Row = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function parseTestDialects(value: string | undefined): readonly TestDialect[] {
  if (value === undefined || value.trim() === "") return ALL_TEST_DIALECTS;
  const wanted = value.split(",").map((part) => part.trim().toLowerCase());
  const unknown = wanted.filter((part) => !(ALL_TEST_DIALECTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`TEST_DIALECTS names unknown dialects: ${unknown.join(", ")}`);
  return ALL_TEST_DIALECTS.filter((dialect) => wanted.includes(dialect));
}
