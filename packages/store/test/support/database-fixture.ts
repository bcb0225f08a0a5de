import { afterAll, beforeAll } from "vitest";
import { createStores, migrateToLatest, seedDemoData } from "../../src/index.js";
import { createDatabase } from "../../src/node.js";
import { createTestDatabase, MIGRATED_TEMPLATE, type TestDialect, type TestTemplate } from "../../src/testing/index.js";
import { type DatabaseFixture, NOW, type UseDatabaseOptions } from "./database-world.js";

export { createDeskPerson, DAY_MS, type DatabaseFixture, isoDaysFromNow, NOW, type UseDatabaseOptions } from "./database-world.js";

/** The demo world laid out around `NOW`, copied into each seeded fixture instead of seeding it again. */
const DEMO_TEMPLATE: TestTemplate = {
  name: "store-demo",
  version: NOW.toISOString(),
  fill: async (database) => {
    await seedDemoData(database, { now: NOW });
  },
};

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
