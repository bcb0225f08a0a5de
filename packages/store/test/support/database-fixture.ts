import { newId } from "@connector/core/domain";
import { afterAll, beforeAll } from "vitest";
import {
  createStores,
  type Database,
  type DemoDataSummary,
  migrateToLatest,
  type Stores,
  seedDemoData,
} from "../../src/index.js";
import { createDatabase } from "../../src/node.js";
import {
  createTestDatabase,
  MIGRATED_TEMPLATE,
  type TestDatabase,
  type TestDialect,
  type TestTemplate,
} from "../../src/testing/index.js";

/** The fixed clock every test lays data out around. */
export const NOW = new Date("2026-11-22T12:00:00.000Z");
export const DAY_MS = 86_400_000;
export const isoDaysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString();

export interface DatabaseFixture {
  database: Database;
  stores: Stores;
  testDatabase: TestDatabase;
  /** Set when the fixture was asked to seed. */
  demo: DemoDataSummary;
}

/** The demo world laid out around `NOW`, copied into each seeded fixture instead of seeding it again. */
const DEMO_TEMPLATE: TestTemplate = {
  name: "store-demo",
  version: NOW.toISOString(),
  fill: async (database) => {
    await seedDemoData(database, { now: NOW });
  },
};

export interface UseDatabaseOptions {
  /** Start with the demo data (its summary in `fixture.demo`). */
  seed?: boolean;
  /**
   * Migrate (and seed) this very database instead of copying a template: for the tests about
   * migrating and seeding themselves.
   */
  fromScratch?: boolean;
}

/**
 * One fresh, migrated database per describe block (a temp SQLite file or a new PG database),
 * dropped afterwards. Read the fields inside tests: they are filled in `beforeAll`.
 */
export function useDatabase(dialect: TestDialect, options: UseDatabaseOptions = {}): DatabaseFixture {
  const fixture = {} as DatabaseFixture;
  beforeAll(async () => {
    const template = options.seed ? DEMO_TEMPLATE : MIGRATED_TEMPLATE;
    fixture.testDatabase = await createTestDatabase(dialect, options.fromScratch ? {} : { template });
    fixture.database = await createDatabase({ url: fixture.testDatabase.url });
    if (options.fromScratch) await migrateToLatest(fixture.database);
    fixture.stores = createStores(fixture.database);
    // On a copy of the template this finds the demo already there and only describes it.
    if (options.seed) fixture.demo = await seedDemoData(fixture.database, { now: NOW });
  });
  afterAll(async () => {
    await fixture.database?.close();
    await fixture.testDatabase?.drop();
  });
  return fixture;
}

/** A signed-up person of the demo Desk (records such as the agreement's acceptance name a real user). */
export async function createDeskPerson(fixture: DatabaseFixture, role: "owner" | "member"): Promise<string> {
  const userId = newId();
  await fixture.database.db
    .withTables<{ users: any }>()
    .insertInto("users")
    .values({
      id: userId,
      email: `${userId}@desk.example`,
      password_hash: "x",
      display_name: role,
      desk_id: fixture.demo.deskId,
      desk_role: role,
      consumer_id: null,
      created_at: NOW.toISOString(),
    })
    .execute();
  return userId;
}
