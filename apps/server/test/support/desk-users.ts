import { createUser } from "@connector/auth";
import type { DeskKind } from "@connector/core/back-office";
import { newId } from "@connector/core/domain";
import { createAuthStores } from "@connector/store";
import { cheapenPasswords } from "../../../../packages/auth/test/helpers/fixture-passwords.js";
import type { TestService } from "./test-service.js";

const PASSWORD = "new-desk-owner-password";

/** A new desk of `kind` with a signed-up owner, for tests that need desks the demo does not have. */
export async function createDeskWithOwner(service: TestService, kind: DeskKind, name: string) {
  const { database } = service.service;
  const deskId = newId();
  await database.db.insertInto("desks").values({ id: deskId, name, kind, created_at: new Date().toISOString() }).execute();
  const email = `owner-${deskId}@${kind}.example`;
  await createUser({ stores: createAuthStores(database), email, password: PASSWORD, displayName: `${name} owner`, deskId, deskRole: "owner" });
  await cheapenPasswords(database, [{ email, password: PASSWORD }]);
  return { deskId, user: { email, password: PASSWORD } };
}
