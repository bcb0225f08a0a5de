import type { BackOfficeActor } from "@connector/core/back-office";
import type { AuthStores, UserRecord } from "@connector/core/ports";
import { type Clock, isoAt } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import { csrfToken } from "../http/csrf.js";
import type { SignedInPerson } from "@connector/ui";

/** The user behind a session cookie's value, if the session is live and the user still exists. */
export async function findSignedInUser(
  stores: Pick<AuthStores, "sessions" | "users">,
  now: Clock,
  secret: string | undefined,
): Promise<UserRecord | undefined> {
  if (secret === undefined || secret === "") return undefined;
  const session = await stores.sessions.findActive(sha256Hex(secret), isoAt(now()));
  return session === undefined ? undefined : stores.users.findById(session.userId);
}

/**
 * Who a signed-in person acts as in the back office: their desk (with their role) or, failing that,
 * their consumer; undefined for an account that is neither.
 */
export function sessionActor(user: UserRecord): BackOfficeActor | undefined {
  if (user.deskId !== null && user.deskRole !== null) {
    return { kind: "desk", deskId: user.deskId, userId: user.userId, role: user.deskRole, via: "session" };
  }
  if (user.consumerId !== null) return { kind: "consumer", consumerId: user.consumerId, userId: user.userId, via: "session" };
  return undefined;
}

/** The signed-in person as the shared layout's header shows them, with their sign-out form's token. */
export function signedInPerson(user: UserRecord, secret: string): SignedInPerson {
  return {
    displayName: user.displayName,
    deskMember: user.deskId !== null,
    consumer: user.consumerId !== null,
    signOutToken: csrfToken(secret, "signout"),
  };
}
