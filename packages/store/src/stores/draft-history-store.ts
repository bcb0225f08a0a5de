import type { DraftHistoryStore } from "@connector/core";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

/** Append-only: the store has no update or delete. */
export function createDraftHistoryStore(db: Kysely<DatabaseSchema>): DraftHistoryStore {
  return {
    async append(entry) {
      await db
        .insertInto("draft_history")
        .values({
          draft_id: entry.draftId,
          draft_kind: entry.draftKind,
          action: entry.action,
          user_id: entry.userId,
          via: entry.via,
          grant_id: entry.grantId,
          key_id: entry.keyId,
          created_at: entry.at,
        })
        .execute();
    },
    async list(draftId) {
      const rows = await db
        .selectFrom("draft_history")
        .select(["action", "created_at", "user_id", "via", "grant_id", "key_id"])
        .where("draft_id", "=", draftId)
        .orderBy("seq")
        .execute();
      return rows.map((row) => ({
        action: row.action,
        at: row.created_at,
        userId: row.user_id,
        via: row.via,
        grantId: row.grant_id,
        keyId: row.key_id,
      }));
    },
  };
}

/**
 * The first line of every draft's history: saved by this person's connection, or by the person on
 * their own page when no connection is named (the draft's own transaction).
 */
export function recordDraftCreated(
  db: Kysely<DatabaseSchema>,
  draftKind: "placement" | "consumer_request",
  draft: { draftId: string; userId: string; grantId: string | null; createdAt: string },
): Promise<void> {
  return createDraftHistoryStore(db).append({
    draftId: draft.draftId,
    draftKind,
    action: "created",
    at: draft.createdAt,
    userId: draft.userId,
    via: draft.grantId === null ? "session" : "connection",
    grantId: draft.grantId,
    keyId: null,
  });
}
