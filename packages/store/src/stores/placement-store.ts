import { minorUnitExponent, toMinorUnits } from "@connector/core/domain";
import type { PlacementStore, PlacementView } from "@connector/core/ports";
import { type Kysely, sql } from "kysely";
import { rowsPerStatement } from "../database/batched-insert.js";
import { capabilitiesOf } from "../database/dialect-capabilities.js";
import type { AccountTable, DatabaseSchema } from "../database/database-schema.js";
import { keysetPage } from "../database/keyset-page.js";

const PLACEMENT_COLUMNS = [
  "id",
  "reference",
  "face_amount_minor",
  "amount_provided",
  "currency",
  "creditor",
  "case_status",
  "skip_state",
  "placed_at",
  "agency_desk_id",
] as const satisfies readonly (keyof AccountTable)[];

type PlacementRow = Pick<AccountTable, (typeof PLACEMENT_COLUMNS)[number]>;

/** Amount back in major units, or null when it was not provided (never 0 for "not provided"). */
function toPlacementView(row: PlacementRow): PlacementView {
  const currency = row.currency.trim();
  return {
    accountId: row.id,
    reference: row.reference,
    agencyDeskId: row.agency_desk_id ?? null,
    amount: Number(row.amount_provided ?? 1) === 0 ? null : Number(row.face_amount_minor) / 10 ** minorUnitExponent(currency),
    currency,
    creditor: row.creditor ?? null,
    caseStatus: row.case_status,
    skip: row.skip_state ?? "unknown",
    placedAt: row.placed_at,
  };
}

/** A search text taken literally by LIKE: its own `%`, `_` and `\` match only themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Live accounts placed through `/api/v1` or by approving a draft: rows of `accounts`. */
export function createPlacementStore(db: Kysely<DatabaseSchema>): PlacementStore {
  return {
    async placedReferences(deskId, references) {
      if (references.length === 0) return [];
      const found: string[] = [];
      const size = rowsPerStatement(db, 1, 1000);
      for (let start = 0; start < references.length; start += size) {
        const rows = await db
          .selectFrom("live_accounts")
          .select("reference")
          .where("desk_id", "=", deskId)
          .where("reference", "in", references.slice(start, start + size))
          .execute();
        found.push(...rows.map((row) => row.reference));
      }
      return found;
    },

    async insert(placements, options = {}) {
      const rows: AccountTable[] = placements.map((placement) => ({
        id: placement.accountId,
        desk_id: placement.deskId,
        reference: placement.reference,
        debtor_name: placement.name,
        debtor_email: null,
        debtor_phone: null,
        debtor_ssn_last4: null,
        internal_note: null,
        face_amount_minor: placement.amount === null ? 0 : toMinorUnits(placement.amount, placement.currency),
        amount_provided: placement.amount === null ? 0 : 1,
        currency: placement.currency,
        creditor: placement.creditor,
        case_status: "new",
        skip_state: "not_skipped",
        placed_from_draft_id: placement.draftId,
        agency_desk_id: placement.agencyDeskId ?? null,
        intake_status: null,
        placed_at: placement.placedAt,
        status_updated_at: placement.placedAt,
        pending_job_id: options.pendingJob ?? null,
      }));
      const inserted: string[] = [];
      const first = rows[0];
      if (first === undefined) return inserted;
      const size = rowsPerStatement(db, Object.keys(first).length, 500);
      for (let start = 0; start < rows.length; start += size) {
        // A reference taken meanwhile is skipped, not an error: the caller compares counts and rolls back.
        const result = await db
          .insertInto("accounts")
          .values(rows.slice(start, start + size))
          .onConflict((oc) => oc.columns(["desk_id", "reference"]).doNothing())
          .returning("reference")
          .execute();
        inserted.push(...result.map((row) => row.reference));
      }
      return inserted;
    },

    async releasePending(jobId, limit, after) {
      // Along the (pending_job_id, id) index from where the last slice ended.
      const rows = await db
        .selectFrom("accounts")
        .select("id")
        .where("pending_job_id", "=", jobId)
        .$if(after !== undefined, (query) => query.where("id", ">", after!))
        .orderBy("id")
        .limit(limit)
        .execute();
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) await db.updateTable("accounts").set({ pending_job_id: null }).where("id", "in", ids).execute();
      return ids;
    },

    async bulkAdded() {
      // PostgreSQL plans a desk's lookups by statistics taken before the bulk: with a desk thought to
      // hold a few rows, a lookup of 250 references scanned all 60,000 just saved (19 ms, 0.5 ms after).
      if (capabilitiesOf(db).plansByStatistics) await sql`analyze accounts`.execute(db);
    },
    async deletePending(jobId, limit) {
      const rows = await db.selectFrom("accounts").select("id").where("pending_job_id", "=", jobId).orderBy("id").limit(limit).execute();
      if (rows.length === 0) return 0;
      const result = await db.deleteFrom("accounts").where("id", "in", rows.map((row) => row.id)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async list(deskId, { limit, after }) {
      let query = db.selectFrom("live_accounts").select(PLACEMENT_COLUMNS).where("desk_id", "=", deskId);
      if (after !== undefined) query = query.where("id", ">", after);
      const { page, nextCursor } = keysetPage(await query.orderBy("id").limit(limit + 1).execute(), limit);
      return { placements: page.map(toPlacementView), nextCursor };
    },

    async pageNewestFirst(deskId, { limit, after, reference, caseStatus, draftId }) {
      const rows = await db
        .selectFrom("live_accounts")
        .select(PLACEMENT_COLUMNS)
        .where("desk_id", "=", deskId)
        // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not; both agree this way.
        .$if(reference !== undefined && reference !== "", (query) =>
          query.where(sql<boolean>`lower(reference) like ${`%${escapeLike(reference!.toLowerCase())}%`} escape '\\'`),
        )
        .$if(caseStatus !== undefined, (query) => query.where("case_status", "=", caseStatus!))
        .$if(draftId !== undefined, (query) => query.where("placed_from_draft_id", "=", draftId!))
        .$if(after !== undefined, (query) =>
          query.where(
            sql<boolean>`(placed_at, id) < (select c.placed_at, c.id from live_accounts c where c.id = ${after} and c.desk_id = ${deskId})`,
          ),
        )
        .orderBy("placed_at", "desc")
        .orderBy("id", "desc")
        .limit(limit + 1)
        .execute();
      const { page, nextCursor } = keysetPage(rows, limit);
      return { placements: page.map(toPlacementView), nextCursor };
    },

    async accountsOfDraft(deskId, draftId) {
      const rows = await db
        .selectFrom("live_accounts")
        .select(["id", "reference"])
        .where("desk_id", "=", deskId)
        .where("placed_from_draft_id", "=", draftId)
        .orderBy("reference")
        .execute();
      return rows.map((row) => ({ accountId: row.id, reference: row.reference }));
    },

    async ownedAccountIds(deskId, accountIds) {
      if (accountIds.length === 0) return [];
      const rows = await db
        .selectFrom("live_accounts")
        .select("id")
        .where("desk_id", "=", deskId)
        .where("id", "in", [...accountIds])
        .execute();
      return rows.map((row) => row.id);
    },
    async referencesOf(deskId, accountIds) {
      if (accountIds.length === 0) return [];
      return db
        .selectFrom("live_accounts")
        .select(["id as accountId", "reference"])
        .where("desk_id", "=", deskId)
        .where("id", "in", [...accountIds])
        .execute();
    },
  };
}
