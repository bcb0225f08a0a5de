import type { IncomingHttpHeaders } from "node:http";
import type { BackOfficeActor } from "@connector/core/back-office";
import type { AuthStores, UserRecord } from "@connector/core/ports";
import { readCookie } from "@connector/http";
import { type Clock, isoAt } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import { csrfToken } from "../http/csrf.js";
import type { SignedInPersonView } from "../person-pages/person-pages.js";

export interface SignedIn {
  user: UserRecord;
  /** The raw cookie value: the key of this session's CSRF tokens. Never stored. */
  secret: string;
}

/**
 * The one reader of the session, for every door a browser uses (the OAuth pages, the
 * people's pages, the site and /api/v1): the person behind the cookie named `cookieName` in the
 * request's headers, if the session is live and the user still exists.
 */
export async function readSession(
  stores: Pick<AuthStores, "sessions" | "users">,
  now: Clock,
  cookieName: string,
  headers: IncomingHttpHeaders,
): Promise<SignedIn | undefined> {
  const secret = readCookie(headers, cookieName);
  if (secret === undefined) return undefined;
  const session = await stores.sessions.findActive(sha256Hex(secret), isoAt(now()));
  const user = session === undefined ? undefined : await stores.users.findById(session.userId);
  return user === undefined ? undefined : { user, secret };
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
export function signedInPerson(user: UserRecord, secret: string): SignedInPersonView {
  return {
    displayName: user.displayName,
    deskMember: user.deskId !== null,
    consumer: user.consumerId !== null,
    signOutToken: csrfToken(secret, "signout"),
  };
}
