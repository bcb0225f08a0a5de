import { ServiceError } from "@connector/core";
import { type DeskRole, newId } from "@connector/core/domain";
import { holdsControlCharacter } from "@connector/core/guard";
import type { AuthStores, UserRecord } from "@connector/core/ports";
import { type Clock, isoAt, systemClock } from "../clock.js";
import { hashPassword } from "../crypto/password.js";
import { isPlausibleEmail, normalizeEmail } from "./normalize-email.js";

import { checkNewPassword } from "./new-password.js";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./new-password.js";

export interface CreateUserInput {
  stores: Pick<AuthStores, "users">;
  email: string;
  password: string;
  displayName: string;
  /** The desk the user owns or belongs to (Desk workspace). */
  deskId?: string;
  /** Defaults to `member` when a desk is given. */
  deskRole?: DeskRole;
  /** The consumer the user is (Resolve workspace). */
  consumerId?: string;
  now?: Clock;
}

export type CreatedUser = Omit<UserRecord, "passwordHash">;

/**
 * Creates a person who can sign in. Each user is either desk staff (owner or member of one desk)
 * or a Resolve consumer (spec §1), never both, so a grant's workspace maps to exactly one subject.
 */
export async function createUser(input: CreateUserInput): Promise<CreatedUser> {
  const email = normalizeEmail(input.email);
  if (!isPlausibleEmail(email)) throw new ServiceError("invalid_input", "Enter a valid email address.", { field: "email" });
  checkNewPassword(input.password);
  const displayName = input.displayName.trim();
  if (displayName.length === 0 || displayName.length > 120 || holdsControlCharacter(displayName)) {
    throw new ServiceError("invalid_input", "The display name must be 1 to 120 characters long, with no control character.", { field: "displayName" });
  }
  if ((input.deskId === undefined) === (input.consumerId === undefined)) {
    throw new ServiceError("invalid_input", "A user belongs to exactly one desk or is exactly one consumer.", {
      field: input.deskId === undefined ? "deskId" : "consumerId",
    });
  }
  if (input.deskRole !== undefined && input.deskId === undefined) {
    throw new ServiceError("invalid_input", "A desk role needs a desk.", { field: "deskRole" });
  }

  const clock = input.now ?? systemClock;
  const user: UserRecord = {
    userId: newId(clock()),
    email,
    passwordHash: await hashPassword(input.password),
    displayName,
    deskId: input.deskId ?? null,
    deskRole: input.deskId === undefined ? null : (input.deskRole ?? "member"),
    consumerId: input.consumerId ?? null,
    createdAt: isoAt(clock()),
  };
  if ((await input.stores.users.create(user)) === "email_taken") {
    throw new ServiceError("invalid_input", "A user with this email already exists.", { field: "email" });
  }
  const { passwordHash: _hash, ...created } = user;
  return created;
}
