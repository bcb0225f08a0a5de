import { newId } from "@connector/core/domain";
import { createStores, type Database, seedDemoData } from "@connector/store";
import { createDatabase } from "@connector/store/node";
import { createSharedTestDatabase, MIGRATED_TEMPLATE } from "@connector/store/testing";

export { createStores } from "@connector/store";

/** A fresh, migrated PostgreSQL database and its URL (pg-boss connects on its own), dropped afterwards. */
export async function withTestDatabaseUrl(fn: (database: Database, url: string) => Promise<void>): Promise<void> {
  const testDatabase = await createSharedTestDatabase({ prefix: "workflow_test_", template: MIGRATED_TEMPLATE });
  const database = await createDatabase({ url: testDatabase.url });
  try {
    await fn(database, testDatabase.url);
  } finally {
    await database.close();
    await testDatabase.drop();
  }
}

/** The demo Desk's first `count` accounts, each with a queued Account Workflow run (none has a job yet). */
export async function queueDemoRuns(database: Database, count: number) {
  const stores = createStores(database);
  const demo = await seedDemoData(database);
  const accounts = await database.db.selectFrom("accounts").select("id").where("desk_id", "=", demo.deskId).orderBy("id").limit(count).execute();
  const queuedAt = new Date().toISOString();
  const runs = accounts.map((account) => ({ runId: newId(), deskId: demo.deskId, accountId: account.id, queuedAt }));
  await stores.workflows.createRuns(runs);
  return { stores, deskId: demo.deskId, runs };
}
