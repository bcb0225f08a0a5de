import type { ConnectionActivityStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import { insertInBatches } from "../database/batched-insert.js";
import type { DatabaseSchema } from "../database/database-schema.js";

/** Each connection's trail of tool calls, kept to its newest `keep` entries. */
export function createConnectionActivityStore(db: Kysely<DatabaseSchema>): ConnectionActivityStore {
  return {
    async append(entries, keep) {
      if (entries.length === 0) return;
      const rows = entries.map((entry) => ({ grant_id: entry.grantId, tool: entry.tool, result: entry.result, created_at: entry.at }));
      await db.transaction().execute(async (trx) => {
        await insertInBatches(trx, "connection_activity", rows);
        for (const grantId of new Set(entries.map((entry) => entry.grantId))) {
          // The newest `keep` stay; everything at or below the oldest one beyond them goes.
          const boundary = await trx
            .selectFrom("connection_activity")
            .select("seq")
            .where("grant_id", "=", grantId)
            .orderBy("seq", "desc")
            .offset(keep)
            .limit(1)
            .executeTakeFirst();
          if (boundary !== undefined) {
            await trx.deleteFrom("connection_activity").where("grant_id", "=", grantId).where("seq", "<=", boundary.seq).execute();
          }
        }
      });
    },
    async listByGrant(grantId, limit) {
      const rows = await db
        .selectFrom("connection_activity")
        .select(["tool", "result", "created_at"])
        .where("grant_id", "=", grantId)
        .orderBy("seq", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ tool: row.tool, result: row.result, at: row.created_at }));
    },
  };
}
