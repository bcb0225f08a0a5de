import type { Migration, MigrationProvider } from "kysely/migration";
import * as domain from "./2026-11-22T00-01-domain.js";
import * as auth from "./2026-11-22T00-02-auth.js";
import * as idempotencyExpiry from "./2026-11-22T00-03-idempotency-expiry.js";
import * as backOffice from "./2026-11-23T00-01-back-office.js";
import * as unloggedCounters from "./2026-11-23T12-00-unlogged-counters.js";
import * as agency from "./2026-11-23T12-20-agency.js";
import * as phones from "./2026-11-23T12-21-phones.js";
import * as escalations from "./2026-11-23T12-22-escalations.js";
import * as skipCountIndex from "./2026-11-23T12-23-skip-count-index.js";
import * as connectionActivity from "./2026-11-23T13-00-connection-activity.js";
import * as placementsNewestFirst from "./2026-11-25T15-00-placements-newest-first.js";
import * as grantRevokedBy from "./2026-11-25T15-10-grant-revoked-by.js";
import * as counterLeases from "./2026-11-25T16-00-counter-leases.js";
import * as placementUploads from "./2026-11-26T10-00-placement-uploads.js";
import * as placementJobs from "./2026-11-28T10-00-placement-jobs.js";
import * as dpop from "./2026-11-29T09-00-dpop.js";

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
  "2026-11-23T12-20-agency": agency,
  "2026-11-23T12-21-phones": phones,
  "2026-11-23T12-22-escalations": escalations,
  "2026-11-23T12-23-skip-count-index": skipCountIndex,
  "2026-11-23T13-00-connection-activity": connectionActivity,
  "2026-11-25T15-00-placements-newest-first": placementsNewestFirst,
  "2026-11-25T15-10-grant-revoked-by": grantRevokedBy,
  "2026-11-25T16-00-counter-leases": counterLeases,
  "2026-11-26T10-00-placement-uploads": placementUploads,
  "2026-11-28T10-00-placement-jobs": placementJobs,
  "2026-11-29T09-00-dpop": dpop,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
