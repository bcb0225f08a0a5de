import type { EscalationStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

export function createEscalationStore(db: Kysely<DatabaseSchema>): EscalationStore {
  return {
    async create(escalation) {
      await db
        .insertInto("escalations")
        .values({
          id: escalation.escalationId,
          desk_id: escalation.deskId,
          user_id: escalation.userId,
          reason: escalation.reason,
          context: escalation.context,
          account_reference: escalation.accountReference,
          status: "open",
          created_at: escalation.createdAt,
        })
        .execute();
    },
  };
}
