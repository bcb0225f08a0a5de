import type { DeskAgreementStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { UserTable } from "../auth/auth-schema.js";
import type { DatabaseSchema } from "../database/database-schema.js";

export function createDeskAgreementStore(db: Kysely<DatabaseSchema>): DeskAgreementStore {
  const find = async (userId: string, version: string) => {
    const row = await db
      .selectFrom("desk_agreement_acceptances")
      .select(["version", "accepted_at"])
      .where("user_id", "=", userId)
      .where("version", "=", version)
      .executeTakeFirst();
    return row === undefined ? undefined : { version: row.version, acceptedAt: row.accepted_at };
  };
  return {
    find,
    async acceptedByDeskOwner(deskId, version) {
      // Only an owner can accept, but roles change: the acceptance counts while its person still owns the Desk.
      const row = await db
        .withTables<{ users: UserTable }>()
        .selectFrom("desk_agreement_acceptances")
        .innerJoin("users", "users.id", "desk_agreement_acceptances.user_id")
        .select("desk_agreement_acceptances.user_id")
        .where("desk_agreement_acceptances.desk_id", "=", deskId)
        .where("desk_agreement_acceptances.version", "=", version)
        .where("users.desk_id", "=", deskId)
        .where("users.desk_role", "=", "owner")
        .executeTakeFirst();
      return row !== undefined;
    },
    async accept(entry) {
      await db
        .insertInto("desk_agreement_acceptances")
        .values({ user_id: entry.userId, version: entry.version, desk_id: entry.deskId, accepted_at: entry.acceptedAt })
        .onConflict((oc) => oc.columns(["user_id", "version"]).doNothing())
        .execute();
      return (await find(entry.userId, entry.version))!;
    },
  };
}
