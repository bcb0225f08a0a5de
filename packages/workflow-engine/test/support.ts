import { createDatabase, type Database } from "@connector/store";
import { createSharedTestDatabase, MIGRATED_TEMPLATE } from "@connector/store/testing";

export { createStores, seedDemoData } from "@connector/store";

/** A fresh, migrated PostgreSQL database and its URL (pg-boss connects on its own), dropped afterwards. */
export async function withTestDatabaseUrl(fn: (database: Database, url: string) => Promise<void>): Promise<void> {
  const testDatabase = await createSharedTestDatabase({ prefix: "workflow_test_", template: MIGRATED_TEMPLATE });
  const database = createDatabase({ url: testDatabase.url });
  try {
    await fn(database, testDatabase.url);
  } finally {
    await database.close();
    await testDatabase.drop();
  }
}
