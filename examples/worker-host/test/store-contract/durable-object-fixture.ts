// What the store's test files import as `./support/database-fixture.js` when they run in a Durable Object
// (`bundle-contract.ts` puts this module there): `useDatabase` opens the object's own SQLite through the
// Durable Object driver, migrated from scratch (and seeded) in the block's `beforeAll`, as the Node
// fixture does on a fresh file or PostgreSQL database. Each top-level block runs in an object of its own.
import { createStores, migrateToLatest, openDatabase, seedDemoData } from "../../../../packages/store/src/index.js";
import { type DatabaseFixture, NOW, type UseDatabaseOptions } from "../../../../packages/store/test/support/database-world.js";
import { type DurableObjectSqliteStorage, durableObjectSqliteDriver } from "../../src/durable-object-sqlite-driver.js";
import { afterAll, beforeAll, markUsesDatabase } from "./workerd-vitest.js";

export { createDeskPerson, DAY_MS, type DatabaseFixture, isoDaysFromNow, NOW } from "../../../../packages/store/test/support/database-world.js";

/** The storage of the object running the block now (one block at a time in an isolate). */
let activeStorage: DurableObjectSqliteStorage | undefined;

export async function withStorage<T>(storage: DurableObjectSqliteStorage, run: () => Promise<T>): Promise<T> {
  if (activeStorage !== undefined) throw new Error("Another block is running in this isolate.");
  activeStorage = storage;
  try {
    return await run();
  } finally {
    activeStorage = undefined;
  }
}

/** The database of the object the block runs in; the dialect is SQLite's, which the object speaks. */
export function useDatabase(_dialect: "sqlite" | "postgres", options: UseDatabaseOptions = {}): DatabaseFixture {
  markUsesDatabase();
  const fixture = {} as DatabaseFixture;
  beforeAll(async () => {
    if (activeStorage === undefined) throw new Error("No Durable Object is running this block.");
    fixture.database = openDatabase(durableObjectSqliteDriver(activeStorage));
    await migrateToLatest(fixture.database);
    fixture.stores = createStores(fixture.database);
    if (options.seed) fixture.demo = await seedDemoData(fixture.database, { now: NOW });
  });
  afterAll(async () => {
    await fixture.database?.close();
  });
  return fixture;
}
