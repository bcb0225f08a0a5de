import { createUser } from "@connector/auth";
import type { AuthStores } from "@connector/core/ports";
import { type Database, type DemoDataSummary, seedDemoData } from "@connector/store";

/** Demo sign-ins, printed at start. They exist only in a database the demo seed created. */
export const DEMO_USERS = {
  deskOwner: { email: "owner@harbor.example", password: "harbor-demo-owner", displayName: "Dana Desk (owner)" },
  consumer: { email: "consumer@resolve.example", password: "resolve-demo-consumer", displayName: "Casey Consumer" },
} as const;

export interface DemoSeedResult {
  summary: DemoDataSummary;
}

/**
 * Seeds the demo Desk, consumer and offers on an empty database, then their two users. The users
 * are created whenever they are missing from a demo database, so a start interrupted between the
 * two steps is completed by the next one.
 */
export async function seedDemo(database: Database, authStores: AuthStores): Promise<DemoSeedResult> {
  const summary = await seedDemoData(database);
  if ((await authStores.users.findByEmail(DEMO_USERS.deskOwner.email)) === undefined) {
    await createUser({ stores: authStores, ...DEMO_USERS.deskOwner, deskId: summary.deskId, deskRole: "owner" });
  }
  if ((await authStores.users.findByEmail(DEMO_USERS.consumer.email)) === undefined) {
    await createUser({ stores: authStores, ...DEMO_USERS.consumer, consumerId: summary.consumerId });
  }
  return { summary };
}
