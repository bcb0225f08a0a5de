import { createUser } from "@connector/auth";
import { newId } from "@connector/core/domain";
import { createAuthStores } from "@connector/store";
import { cheapenPasswords } from "../../../../packages/auth/test/helpers/fixture-passwords.js";
import type { TestService } from "./test-service.js";

const PASSWORD = "another-person-password";

/** A member (or owner) of the demo's second desk (Northwind), who must never see Harbor's records. */
export async function createOtherDeskUser(service: TestService, role: "owner" | "member" = "member") {
  const { database, demo } = service.service;
  const email = `member-${newId()}@northwind.example`;
  await createUser({
    stores: createAuthStores(database),
    email,
    password: PASSWORD,
    displayName: "Other desk member",
    deskId: demo!.summary.otherDeskId,
    deskRole: role,
  });
  await cheapenPasswords(database, [{ email, password: PASSWORD }]);
  return { email, password: PASSWORD };
}

/** A member of the demo Desk (Harbor), "Morgan Member", signing in with `credentials`. */
export async function createDemoDeskMember(service: TestService, credentials: { email: string; password: string }) {
  await createUser({
    stores: createAuthStores(service.service.database),
    ...credentials,
    displayName: "Morgan Member",
    deskId: service.service.demo!.summary.deskId,
    deskRole: "member",
  });
  await cheapenPasswords(service.service.database, [credentials]);
  return credentials;
}

/** A second consumer, verified for no account at all. */
export async function createOtherConsumerUser(service: TestService) {
  const { database } = service.service;
  const consumerId = newId();
  await database.db
    .insertInto("consumers")
    .values({ id: consumerId, display_name: "Other consumer", created_at: new Date().toISOString() })
    .execute();
  const email = `consumer-${consumerId}@resolve.example`;
  await createUser({ stores: createAuthStores(database), email, password: PASSWORD, displayName: "Other consumer", consumerId });
  await cheapenPasswords(database, [{ email, password: PASSWORD }]);
  return { email, password: PASSWORD };
}
