import type { ConsumerRequestDraftStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import { recordDraftCreated } from "./draft-history-store.js";
import type { ConsumerRequestDraftTable, DatabaseSchema } from "../database/database-schema.js";
import {
  CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS,
  toConsumerRequestDraftView,
} from "../mappers/consumer-request-draft-mapper.js";

export function createConsumerRequestDraftStore(db: Kysely<DatabaseSchema>): ConsumerRequestDraftStore {
  /** Newest first (created time, then id), of one consumer or of one connection. */
  async function newestFirst(column: "consumer_id" | "grant_id", value: string, limit: number) {
    const rows = await db
      .selectFrom("consumer_request_drafts")
      .select(CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS)
      .where(column, "=", value)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toConsumerRequestDraftView);
  }

  return {
    async create(draft) {
      const row: ConsumerRequestDraftTable = {
        id: draft.draftId,
        consumer_id: draft.consumerId,
        user_id: draft.userId,
        grant_id: draft.grantId,
        kind: draft.kind,
        recipient: draft.recipient,
        reference: draft.reference ?? null,
        channel: draft.channel,
        review_status: "awaiting_review",
        created_at: draft.createdAt,
        updated_at: draft.createdAt,
      };
      // The history starts with the connection that saved it (same transaction as the draft).
      await recordDraftCreated(db, "consumer_request", draft);
      await db.insertInto("consumer_request_drafts").values(row).execute();
      return toConsumerRequestDraftView(row);
    },

    /** Every draft of the consumer, whichever connection saved it: they are the consumer's own (their pages). */
    listByConsumer: (consumerId, limit) => newestFirst("consumer_id", consumerId, limit),

    /** The drafts one connection saved: what that connection lists. */
    listByGrant: (grantId, limit) => newestFirst("grant_id", grantId, limit),

    async findByGrant(grantId, draftId) {
      const row = await db
        .selectFrom("consumer_request_drafts")
        .select(CONSUMER_REQUEST_DRAFT_VIEW_COLUMNS)
        .where("id", "=", draftId)
        .where("grant_id", "=", grantId)
        .executeTakeFirst();
      return row === undefined ? undefined : toConsumerRequestDraftView(row);
    },
  };
}
