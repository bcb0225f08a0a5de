import { newId } from "@connector/core";
import { afterAll, beforeAll } from "vitest";
import {
  createDatabase,
  createStores,
  type Database,
  type DemoDataSummary,
  migrateToLatest,
  type Stores,
  seedDemoData,
} from "../../src/index.js";
import { createTestDatabase, type TestDatabase, type TestDialect } from "../../src/testing/index.js";

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

/**
 * One fresh, migrated database per describe block (a temp SQLite file or a new PG database),
 * dropped afterwards. Read the fields inside tests: they are filled in `beforeAll`.
 */
export function useDatabase(dialect: TestDialect, options: { seed?: boolean } = {}): DatabaseFixture {
  const fixture = {} as DatabaseFixture;
  beforeAll(async () => {
    fixture.testDatabase = await createTestDatabase(dialect);
    fixture.database = createDatabase({ url: fixture.testDatabase.url });
    await migrateToLatest(fixture.database);
    fixture.stores = createStores(fixture.database);
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
