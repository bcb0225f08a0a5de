import type { DraftHistoryStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthSchema } from "../auth/auth-schema.js";
import { inListSlices } from "../database/batched-insert.js";
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
    async people(draftId) {
      const rows = await db
        .withTables<Pick<AuthSchema, "users">>()
        .selectFrom("draft_history")
        .innerJoin("users", "users.id", "draft_history.user_id")
        .select(["users.id", "users.display_name"])
        .distinct()
        .where("draft_history.draft_id", "=", draftId)
        .execute();
      return rows.map((row) => ({ userId: row.id, displayName: row.display_name }));
    },
    async creators(draftIds) {
      // The connection's app is named even after the connection was revoked: the grant row stays.
      const rows = [];
      for (const slice of inListSlices(db, [...draftIds], 1)) {
        rows.push(
          ...(await db
            .withTables<Pick<AuthSchema, "oauth_grants" | "oauth_clients">>()
            .selectFrom("draft_history")
            .leftJoin("oauth_grants", "oauth_grants.id", "draft_history.grant_id")
            .leftJoin("oauth_clients", "oauth_clients.id", "oauth_grants.client_id")
            .select([
              "draft_history.draft_id",
              "draft_history.created_at",
              "draft_history.user_id",
              "draft_history.via",
              "draft_history.grant_id",
              "draft_history.key_id",
              "oauth_clients.client_name",
            ])
            .where("draft_history.action", "=", "created")
            .where("draft_history.draft_id", "in", slice)
            .execute()),
        );
      }
      return rows.map((row) => ({
        draftId: row.draft_id,
        action: "created" as const,
        at: row.created_at,
        userId: row.user_id,
        via: row.via,
        grantId: row.grant_id,
        keyId: row.key_id,
        connectionName: row.client_name ?? null,
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
