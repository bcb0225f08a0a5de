import { newId } from "@connector/core/domain";
import type { Database, DemoDataSummary, Stores } from "../../src/index.js";
import type { TestDatabase } from "../../src/testing/index.js";

// What every database fixture of the store's tests shares, whichever runtime opens the database: the clock
// the data is laid out around, the fixture's shape, and the people tests add. `database-fixture.ts` opens
// databases on Node; `examples/worker-host` opens them in a Durable Object and runs the same test files.

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

export interface UseDatabaseOptions {
  /** Start with the demo data (its summary in `fixture.demo`). */
  seed?: boolean;
  /**
   * Migrate (and seed) this very database instead of copying a template: for the tests about
   * migrating and seeding themselves.
   */
  fromScratch?: boolean;
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
