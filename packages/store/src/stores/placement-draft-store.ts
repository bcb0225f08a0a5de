import type { PlacementDraftStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import { recordDraftCreated } from "./draft-history-store.js";
import type { DatabaseSchema, PlacementDraftTable } from "../database/database-schema.js";
import { PLACEMENT_DRAFT_VIEW_COLUMNS, toPlacementDraftView } from "../mappers/placement-draft-mapper.js";

export function createPlacementDraftStore(db: Kysely<DatabaseSchema>): PlacementDraftStore {
  return {
    async create(draft) {
      const row: PlacementDraftTable = {
        id: draft.draftId,
        desk_id: draft.deskId,
        user_id: draft.userId,
        grant_id: draft.grantId,
        title: draft.title,
        accounts_json: JSON.stringify(draft.accounts),
        account_count: draft.accounts.length,
        review_status: "awaiting_review",
        created_at: draft.createdAt,
        updated_at: draft.createdAt,
      };
      // The history starts with the connection that saved it (same transaction as the draft).
      await recordDraftCreated(db, "placement", draft);
      await db.insertInto("placement_drafts").values(row).execute();
      return toPlacementDraftView(row);
    },

    async listByGrant(grantId, limit) {
      const rows = await db
        .selectFrom("placement_drafts")
        .select(PLACEMENT_DRAFT_VIEW_COLUMNS)
        .where("grant_id", "=", grantId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toPlacementDraftView);
    },

    /** Matching the grant too means another connection's draft reads as absent, not forbidden. */
    async findByGrant(grantId, draftId) {
      const row = await db
        .selectFrom("placement_drafts")
        .select(PLACEMENT_DRAFT_VIEW_COLUMNS)
        .where("id", "=", draftId)
        .where("grant_id", "=", grantId)
        .executeTakeFirst();
      return row === undefined ? undefined : toPlacementDraftView(row);
    },
  };
}
