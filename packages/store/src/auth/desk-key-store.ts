import type { DeskKeyRecord, DeskKeyStore } from "@connector/core/ports";
import type { Kysely, Selectable } from "kysely";
import type { AuthDatabase, DeskKeyTable } from "./auth-schema.js";

const COLUMNS = ["id", "desk_id", "name", "created_by_user_id", "created_at", "last_used_at", "revoked_at"] as const;

function toRecord(row: Pick<Selectable<DeskKeyTable>, (typeof COLUMNS)[number]>): DeskKeyRecord {
  return {
    keyId: row.id,
    deskId: row.desk_id,
    name: row.name,
    createdByUserId: row.created_by_user_id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function createDeskKeyStore(db: Kysely<AuthDatabase>): DeskKeyStore {
  return {
    async create(key) {
      await db
        .insertInto("desk_keys")
        .values({
          id: key.keyId,
          desk_id: key.deskId,
          name: key.name,
          key_hash: key.keyHash,
          created_by_user_id: key.createdByUserId,
          created_at: key.createdAt,
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },
    async findByHash(keyHash) {
      const row = await db.selectFrom("desk_keys").select(COLUMNS).where("key_hash", "=", keyHash).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },
    async listByDesk(deskId) {
      const rows = await db
        .selectFrom("desk_keys")
        .select(COLUMNS)
        .where("desk_id", "=", deskId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(toRecord);
    },
    async revoke(deskId, keyId, now) {
      const result = await db
        .updateTable("desk_keys")
        .set({ revoked_at: now })
        .where("id", "=", keyId)
        .where("desk_id", "=", deskId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async touch(keyId, now) {
      await db.updateTable("desk_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();
    },
  };
}
