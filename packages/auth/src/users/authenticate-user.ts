import type { UserRecord, UserStore } from "@connector/core/ports";
import { decoyPasswordHash, verifyPassword } from "../crypto/password.js";
import { normalizeEmail } from "./normalize-email.js";

/**
 * Email and password → the user, or undefined. An unknown email still costs one scrypt run, so
 * response time does not reveal which emails have accounts.
 */
export async function authenticateUser(
  users: UserStore,
  email: string,
  password: string,
): Promise<UserRecord | undefined> {
  const user = await users.findByEmail(normalizeEmail(email));
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  return user !== undefined && valid ? user : undefined;
}
