import type { SessionStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { AuthDatabase } from "./auth-schema.js";

export function createSessionStore(db: Kysely<AuthDatabase>): SessionStore {
  return {
    async create(session) {
      // The user's expired sessions go when a new one starts, so the table needs no sweeper.
      await db
        .deleteFrom("sessions")
        .where("user_id", "=", session.userId)
        .where("expires_at", "<=", session.createdAt)
        .execute();
      await db
        .insertInto("sessions")
        .values({
          id: session.sessionId,
          secret_hash: session.secretHash,
          user_id: session.userId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },
    async findActive(secretHash, now) {
      const row = await db
        .selectFrom("sessions")
        .select(["id", "user_id", "created_at", "expires_at"])
        .where("secret_hash", "=", secretHash)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { sessionId: row.id, userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at };
    },
    async delete(secretHash) {
      await db.deleteFrom("sessions").where("secret_hash", "=", secretHash).execute();
    },
    async deleteAllOfUser(userId) {
      await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },
  };
}
