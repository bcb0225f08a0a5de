import type { AgencyInviteRecord } from "@connector/core/agency";
import type { AgencyRelation, AgencyStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

/** An invite row with its agency's name, as core's record. */
function selectInvites(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom("agency_invites as i")
    .innerJoin("desks as d", "d.id", "i.agency_desk_id")
    .select([
      "i.id as inviteId",
      "i.agency_desk_id as agencyDeskId",
      "d.name as agencyName",
      "i.label as label",
      "i.created_at as createdAt",
      "i.expires_at as expiresAt",
      "i.revoked_at as revokedAt",
      "i.redeemed_at as redeemedAt",
      "i.redeemed_by_desk_id as redeemedByDeskId",
    ]);
}

function selectRelations(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom("agency_clients as r")
    .innerJoin("desks as a", "a.id", "r.agency_desk_id")
    .innerJoin("desks as c", "c.id", "r.client_desk_id")
    .select([
      "r.agency_desk_id as agencyDeskId",
      "a.name as agencyName",
      "r.client_desk_id as clientDeskId",
      "c.name as clientName",
      "c.kind as clientKind",
      "r.joined_at as joinedAt",
    ]);
}

export function createAgencyStore(db: Kysely<DatabaseSchema>): AgencyStore {
  const findInviteById = (inviteId: string): Promise<AgencyInviteRecord | undefined> =>
    selectInvites(db).where("i.id", "=", inviteId).executeTakeFirst();
  const findRelation = (agencyDeskId: string, clientDeskId: string): Promise<AgencyRelation | undefined> =>
    selectRelations(db)
      .where("r.agency_desk_id", "=", agencyDeskId)
      .where("r.client_desk_id", "=", clientDeskId)
      .executeTakeFirst();

  return {
    async createInvite(invite) {
      await db
        .insertInto("agency_invites")
        .values({
          id: invite.inviteId,
          agency_desk_id: invite.agencyDeskId,
          token_hash: invite.tokenHash,
          label: invite.label,
          created_by_user_id: invite.createdByUserId,
          created_at: invite.createdAt,
          expires_at: invite.expiresAt,
          revoked_at: null,
          redeemed_at: null,
          redeemed_by_desk_id: null,
        })
        .execute();
      return (await findInviteById(invite.inviteId))!;
    },

    listInvites: (agencyDeskId, limit) =>
      selectInvites(db)
        .where("i.agency_desk_id", "=", agencyDeskId)
        .orderBy("i.created_at", "desc")
        .orderBy("i.id", "desc")
        .limit(limit)
        .execute(),

    findInviteByTokenHash: (tokenHash) => selectInvites(db).where("i.token_hash", "=", tokenHash).executeTakeFirst(),

    async revokeInvite(agencyDeskId, inviteId, now) {
      await db
        .updateTable("agency_invites")
        .set({ revoked_at: now })
        .where("id", "=", inviteId)
        .where("agency_desk_id", "=", agencyDeskId)
        .where("revoked_at", "is", null)
        .execute();
      return selectInvites(db).where("i.id", "=", inviteId).where("i.agency_desk_id", "=", agencyDeskId).executeTakeFirst();
    },

    /** The conditions in the UPDATE make two concurrent redemptions race on the row, not on a read. */
    async markInviteRedeemed(inviteId, clientDeskId, now) {
      const updated = await db
        .updateTable("agency_invites")
        .set({ redeemed_at: now, redeemed_by_desk_id: clientDeskId })
        .where("id", "=", inviteId)
        .where("redeemed_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .returning("id")
        .executeTakeFirst();
      return updated !== undefined;
    },

    async attachClient(agencyDeskId, clientDeskId, inviteId, now) {
      await db
        .insertInto("agency_clients")
        .values({ agency_desk_id: agencyDeskId, client_desk_id: clientDeskId, invite_id: inviteId, joined_at: now })
        .onConflict((oc) => oc.columns(["agency_desk_id", "client_desk_id"]).doNothing())
        .execute();
      return (await findRelation(agencyDeskId, clientDeskId))!;
    },

    findRelation,

    listClients: (agencyDeskId, limit) =>
      selectRelations(db)
        .where("r.agency_desk_id", "=", agencyDeskId)
        .orderBy("r.joined_at")
        .orderBy("r.client_desk_id")
        .limit(limit)
        .execute(),

    listMemberships: (clientDeskId, limit) =>
      selectRelations(db)
        .where("r.client_desk_id", "=", clientDeskId)
        .orderBy("r.joined_at")
        .orderBy("r.agency_desk_id")
        .limit(limit)
        .execute(),
  };
}
