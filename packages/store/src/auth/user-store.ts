import type { UserRecord, UserStore } from "@connector/core/ports";
import type { Kysely, Selectable } from "kysely";
import type { AuthDatabase, UserTable } from "./auth-schema.js";

function toUser(row: Selectable<UserTable>): UserRecord {
  return {
    userId: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    displayName: row.display_name,
    deskId: row.desk_id,
    deskRole: row.desk_role,
    consumerId: row.consumer_id,
    createdAt: row.created_at,
  };
}

export function createUserStore(db: Kysely<AuthDatabase>): UserStore {
  return {
    async create(user) {
      // `on conflict do nothing` reports a taken email the same way in both dialects, without parsing driver errors.
      const result = await db
        .insertInto("users")
        .values({
          id: user.userId,
          email: user.email,
          password_hash: user.passwordHash,
          display_name: user.displayName,
          desk_id: user.deskId,
          desk_role: user.deskRole,
          consumer_id: user.consumerId,
          created_at: user.createdAt,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? "created" : "email_taken";
    },
    async findByEmail(email) {
      const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
      return row === undefined ? undefined : toUser(row);
    },
    async findById(userId) {
      const row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
      return row === undefined ? undefined : toUser(row);
    },
    async setPasswordHash(userId, passwordHash) {
      const result = await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
