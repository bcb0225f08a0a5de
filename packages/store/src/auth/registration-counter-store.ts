import type { RegistrationRateLimitStore } from "@connector/core";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";

/**
 * Fixed-window registration counts per key, shared by every process. Its own table, because the
 * connector rate-limit table prunes by its one-minute windows and would drop these hourly ones.
 */
export function createRegistrationCounterStore(db: Kysely<AuthDatabase>): RegistrationRateLimitStore {
  return {
    async hit(key, windowStart) {
      // One atomic upsert: concurrent registrations each get a distinct count.
      const row = await db
        .insertInto("oauth_registration_counters")
        .values({ bucket_key: key, window_start: windowStart, count: 1 })
        .onConflict((oc) =>
          oc.columns(["bucket_key", "window_start"]).doUpdateSet((eb) => ({
            count: eb("oauth_registration_counters.count", "+", 1),
          })),
        )
        .returning("count")
        .executeTakeFirstOrThrow();
      // Registrations are rare, so dropping the key's older windows on each one costs little.
      await db
        .deleteFrom("oauth_registration_counters")
        .where("bucket_key", "=", key)
        .where("window_start", "<", windowStart)
        .execute();
      return Number(row.count);
    },
  };
}
