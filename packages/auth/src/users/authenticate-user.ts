import type { UserRecord, UserStore } from "@connector/core/ports";
import { decoyPasswordHash, verifyPassword } from "../crypto/password.js";
import { normalizeEmail } from "./normalize-email.js";

/** The account an email names, or undefined; looked up once per sign-in (the pace reads it before the password is tried). */
export function findAccount(users: UserStore, email: string): Promise<UserRecord | undefined> {
  return users.findByEmail(normalizeEmail(email));
}

/**
 * The account (as `findAccount` found it) when the password is its own, or undefined. An unknown email
 * still costs one scrypt run, so response time does not reveal which emails have accounts.
 */
export async function checkPassword(account: UserRecord | undefined, password: string): Promise<UserRecord | undefined> {
  const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
  return account !== undefined && valid ? account : undefined;
}
