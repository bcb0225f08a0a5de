import type { DeskStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

export function createDeskStore(db: Kysely<DatabaseSchema>): DeskStore {
  return {
    async find(deskId) {
      const row = await db
        .selectFrom("desks")
        .select(["id", "name", "kind", "account_workflow_enabled"])
        .where("id", "=", deskId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        deskId: row.id,
        name: row.name,
        kind: row.kind,
        accountWorkflowEnabled: Number(row.account_workflow_enabled ?? 1) === 1,
      };
    },
  };
}
