import type { Migration, MigrationProvider } from "kysely";
import * as domain from "./2026-11-22T00-01-domain.js";
import * as auth from "./2026-11-22T00-02-auth.js";
import * as idempotencyExpiry from "./2026-11-22T00-03-idempotency-expiry.js";
import * as backOffice from "./2026-11-23T00-01-back-office.js";
import * as unloggedCounters from "./2026-11-23T12-00-unlogged-counters.js";

/**
 * Every migration, by name. Names are timestamps so they sort in the order they must run; the
 * bundle cannot list a folder at run time, so each file is imported here. Add, never rename.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T00-01-domain": domain,
  "2026-11-22T00-02-auth": auth,
  "2026-11-22T00-03-idempotency-expiry": idempotencyExpiry,
  "2026-11-23T00-01-back-office": backOffice,
  "2026-11-23T12-00-unlogged-counters": unloggedCounters,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
