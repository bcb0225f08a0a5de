import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createAuthStores } from "@connector/store";
import type { TestTemplate } from "@connector/store/testing";
import { cheapenPasswords } from "../../../../packages/auth/test/helpers/fixture-passwords.js";
import { DEMO_USERS, seedDemo } from "../../src/demo-data.js";

/**
 * The demo the service seeds on an empty database (desks, 300 accounts, the two demo users), with the
 * demo users' passwords re-hashed at the fixture cost (`cheapenPasswords`), seeded once and copied for every test database that asks for it
 * (`createTestDatabase(dialect, { template: SERVER_DEMO_TEMPLATE })`). On a copy the service's own
 * seeding finds the demo there and writes nothing.
 */
export const SERVER_DEMO_TEMPLATE: TestTemplate = {
  name: "server-demo",
  // The demo is laid out around the clock at seeding (offer expiry, placement dates): a template
  // per hour keeps it as fresh as that of a server started within the hour.
  version: new Date().toISOString().slice(0, 13),
  sources: [
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL("../../../../packages/auth/test/helpers/fixture-passwords.ts", import.meta.url)),
    fileURLToPath(new URL("../../src/demo-data.ts", import.meta.url)),
    dirname(createRequire(import.meta.url).resolve("@connector/auth")),
  ],
  fill: async (database) => {
    await seedDemo(database, createAuthStores(database));
    await cheapenPasswords(database, [DEMO_USERS.deskOwner, DEMO_USERS.consumer]);
  },
};
