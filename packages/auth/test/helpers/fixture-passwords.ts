import { hashPassword } from "@connector/auth";
import type { Database } from "@connector/store";

/**
 * scrypt's cost for people who exist only in a test database: 2^10 instead of the service's 2^15.
 * A sign-in checks a password at the cost stored with its hash, and the suites sign in hundreds of
 * times, which at 2^15 (about 80 ms of CPU each on the 2-core machine) was tens of seconds of every
 * run (issue 21). Sign-in runs the same code either way; `users.test.ts` checks that the service
 * itself hashes at 2^15.
 */
export const FIXTURE_PASSWORD_COST_LOG2 = 10;

/** Re-hashes the given people's passwords at `FIXTURE_PASSWORD_COST_LOG2`, after they were created as usual. */
export async function cheapenPasswords(database: Database, people: ReadonlyArray<{ email: string; password: string }>): Promise<void> {
  for (const person of people) {
    const passwordHash = await hashPassword(person.password, FIXTURE_PASSWORD_COST_LOG2);
    const updated = await database.db
      .withTables<{ users: { email: string; password_hash: string } }>()
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("email", "=", person.email.toLowerCase())
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Error(`No user ${person.email} to re-hash.`);
  }
}
