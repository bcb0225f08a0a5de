import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createUser } from "@connector/auth";
import type { AuthStores } from "@connector/core/ports";
import { newId } from "@connector/core/domain";
import { createAuthStores, type Database } from "@connector/store";
import type { TestTemplate } from "@connector/store/testing";
import { cheapenPasswords } from "./fixture-passwords.js";

const PASSWORD = "correct horse battery staple";
const DESK_NAME = "Test Desk";
const CONSUMER_NAME = "Test Consumer";
const OWNER = { email: "Owner@Desk.test", displayName: "Olive Owner" };
const CONSUMER = { email: "carol@consumer.test", displayName: "Carol Consumer" };

/**
 * The people every test server starts with: a desk and its owner, a consumer and their user, with
 * `PASSWORD`. Created once and copied for every server; their hashes are at the fixture cost
 * (`cheapenPasswords`), as the suite signs them in hundreds of times.
 */
export const PEOPLE_TEMPLATE: TestTemplate = {
  name: "auth-people",
  // Their records carry the time they were made: a template per hour keeps that recent.
  version: new Date().toISOString().slice(0, 13),
  sources: [
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL("fixture-passwords.ts", import.meta.url)),
    dirname(createRequire(import.meta.url).resolve("@connector/auth")),
  ],
  fill: async (database) => {
    const stores = createAuthStores(database);
    const createdAt = new Date().toISOString();
    const deskId = newId();
    const consumerId = newId();
    await database.db.insertInto("desks").values({ id: deskId, name: DESK_NAME, kind: "creditor", created_at: createdAt }).execute();
    await database.db.insertInto("consumers").values({ id: consumerId, display_name: CONSUMER_NAME, created_at: createdAt }).execute();
    await createUser({ stores, ...OWNER, password: PASSWORD, deskId, deskRole: "owner" });
    await createUser({ stores, ...CONSUMER, password: PASSWORD, consumerId });
    await cheapenPasswords(database, [OWNER, CONSUMER].map(({ email }) => ({ email, password: PASSWORD })));
  },
};

export interface TemplatePeople {
  deskId: string;
  consumerId: string;
  deskOwner: { userId: string; email: string; password: string };
  consumer: { userId: string; email: string; password: string };
}

/** Reads back who a copy of `PEOPLE_TEMPLATE` holds (ids are made when the template is). */
export async function templatePeople(database: Database, stores: AuthStores): Promise<TemplatePeople> {
  const desk = await database.db.selectFrom("desks").select("id").where("name", "=", DESK_NAME).executeTakeFirstOrThrow();
  const consumer = await database.db
    .selectFrom("consumers")
    .select("id")
    .where("display_name", "=", CONSUMER_NAME)
    .executeTakeFirstOrThrow();
  return {
    deskId: desk.id,
    consumerId: consumer.id,
    deskOwner: await signIn(stores, OWNER.email),
    consumer: await signIn(stores, CONSUMER.email),
  };
}

async function signIn(stores: AuthStores, email: string): Promise<{ userId: string; email: string; password: string }> {
  const user = await stores.users.findByEmail(email.toLowerCase());
  if (user === undefined) throw new Error(`The people template lacks ${email}.`);
  return { userId: user.userId, email: user.email, password: PASSWORD };
}
