import { ServiceError } from "@connector/core";
import type { AuthStores } from "@connector/core/ports";
import { hashPassword } from "../crypto/password.js";
import { checkNewPassword } from "./new-password.js";
import { normalizeEmail } from "./normalize-email.js";

/**
 * Sets a new password for the person with `email`, for the operators who set up their account
 * (the service sends no messages, so there is no reset link: the front door tells a person who
 * forgot theirs whom to ask). Every session of theirs ends, so a browser someone else still has
 * open is signed out; their connections (agents' grants) keep working until the person ends them.
 */
export async function resetPassword(input: { stores: Pick<AuthStores, "users" | "sessions">; email: string; password: string }): Promise<void> {
  checkNewPassword(input.password);
  const user = await input.stores.users.findByEmail(normalizeEmail(input.email));
  if (user === undefined) throw new ServiceError("not_found", "No one signs in with that email.", { field: "email" });
  await input.stores.users.setPasswordHash(user.userId, await hashPassword(input.password));
  await input.stores.sessions.deleteAllOfUser(user.userId);
}
