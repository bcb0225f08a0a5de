import { createDatabase, type Database, migrateToLatest } from "@connector/store";
import { createTestDatabase } from "@connector/store/testing";

export { createStores, seedDemoData } from "@connector/store";

/** A fresh, migrated PostgreSQL database and its URL (pg-boss connects on its own), dropped afterwards. */
export async function withTestDatabaseUrl(fn: (database: Database, url: string) => Promise<void>): Promise<void> {
  const testDatabase = await createTestDatabase("postgres", { prefix: "workflow_test_" });
  const database = createDatabase({ url: testDatabase.url });
  try {
    await migrateToLatest(database);
    await fn(database, testDatabase.url);
  } finally {
    await database.close();
    await testDatabase.drop();
  }
}
