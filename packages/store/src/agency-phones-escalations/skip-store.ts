import type { SkipStore } from "@connector/core/ports";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

export function createSkipStore(db: Kysely<DatabaseSchema>): SkipStore {
  return {
    /** One pass over the desk's accounts: a count per skip state. */
    async skipCount(deskId) {
      const rows = await db
        .selectFrom("live_accounts")
        .select(["skip_state", sql<string | number>`count(*)`.as("count")])
        .where("desk_id", "=", deskId)
        .groupBy("skip_state")
        .execute();
      const count = { accounts: 0, notTraced: 0, unrecorded: 0 };
      for (const row of rows) {
        // PostgreSQL returns count(*) as a bigint string.
        const n = Number(row.count);
        count.accounts += n;
        if (row.skip_state === "unknown") count.unrecorded += n;
        else if (row.skip_state === "not_skipped") count.notTraced += n;
      }
      return count;
    },
  };
}
