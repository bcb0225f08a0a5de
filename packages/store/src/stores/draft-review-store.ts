import type { DraftPageRequest, DraftReviewStore } from "@connector/core/ports";
import type { PlacementAccountItem } from "@connector/core/schemas";
import { type Kysely, sql } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";
import { keysetPage } from "../database/keyset-page.js";
import {
  CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS,
  toConsumerRequestDraftView,
} from "../mappers/consumer-request-draft-mapper.js";
import { PLACEMENT_DRAFT_VIEW_COLUMNS, toPlacementDraftView } from "../mappers/placement-draft-mapper.js";

/** Drafts as their owners (a Desk, a consumer) review them, whatever connection saved them. */
export function createDraftReviewStore(db: Kysely<DatabaseSchema>): DraftReviewStore {
  /** Rows newer-first after the cursor draft (by created_at, then id), one extra to know if more follow. */
  const afterCursor = (table: "placement_drafts" | "consumer_request_drafts", after: string | undefined) =>
    after === undefined
      ? sql<boolean>`true`
      : sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (select c.created_at, c.id from ${sql.table(table)} c where c.id = ${after})`;

  /** The Desk's placement drafts newest first, of one person's connections or only those still open. */
  async function pagePlacementDrafts(deskId: string, page: DraftPageRequest, only: { userId?: string; openOnly?: boolean; closedOnly?: boolean }) {
    const rows = await db
      .selectFrom("placement_drafts")
      .select(PLACEMENT_DRAFT_VIEW_COLUMNS)
      .where("desk_id", "=", deskId)
      .$if(only.userId !== undefined, (query) => query.where("user_id", "=", only.userId!))
      .$if(only.openOnly === true, (query) => query.where("review_status", "in", ["awaiting_review", "reviewed"]))
      .$if(only.closedOnly === true, (query) => query.where("review_status", "in", ["approved", "discarded"]))
      .where(afterCursor("placement_drafts", page.after))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit + 1)
      .execute();
    const { page: drafts, nextCursor } = keysetPage(rows, page.limit);
    return { drafts: drafts.map(toPlacementDraftView), nextCursor };
  }

  return {
    pagePlacementDraftsOfUser: (deskId, userId, page) => pagePlacementDrafts(deskId, page, { userId, closedOnly: page.closedOnly === true }),
    pageOpenPlacementDraftsOfDesk: (deskId, page) => pagePlacementDrafts(deskId, page, { openOnly: true }),
    async pageConsumerRequests(consumerId, page) {
      const rows = await db
        .selectFrom("consumer_request_drafts")
        .select(CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS)
        .where("consumer_id", "=", consumerId)
        .where(afterCursor("consumer_request_drafts", page.after))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(page.limit + 1)
        .execute();
      const { page: drafts, nextCursor } = keysetPage(rows, page.limit);
      return { drafts: drafts.map(toConsumerRequestDraftView), nextCursor };
    },
    async findPlacementDraft(deskId, draftId) {
      const row = await db
        .selectFrom("placement_drafts")
        .select([...PLACEMENT_DRAFT_VIEW_COLUMNS, "desk_id", "accounts_json", "user_id"])
        .where("id", "=", draftId)
        .where("desk_id", "=", deskId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        ...toPlacementDraftView(row),
        deskId: row.desk_id,
        savedByUserId: row.user_id,
        accounts: JSON.parse(row.accounts_json) as PlacementAccountItem[],
      };
    },
    async listPlacementDrafts(deskId, limit) {
      const rows = await db
        .selectFrom("placement_drafts")
        .select(PLACEMENT_DRAFT_VIEW_COLUMNS)
        .where("desk_id", "=", deskId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toPlacementDraftView);
    },
    async findConsumerRequest(consumerId, draftId) {
      const row = await db
        .selectFrom("consumer_request_drafts")
        .select([...CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS, "consumer_id", "user_id"])
        .where("id", "=", draftId)
        .where("consumer_id", "=", consumerId)
        .executeTakeFirst();
      return row === undefined ? undefined : { ...toConsumerRequestDraftView(row), consumerId: row.consumer_id, savedByUserId: row.user_id };
    },
    async setPlacementDraftStatus(draftId, status, now) {
      await db.updateTable("placement_drafts").set({ review_status: status, updated_at: now }).where("id", "=", draftId).execute();
    },
    async setConsumerRequestStatus(draftId, status, now) {
      await db
        .updateTable("consumer_request_drafts")
        .set({ review_status: status, updated_at: now })
        .where("id", "=", draftId)
        .execute();
    },
  };
}
