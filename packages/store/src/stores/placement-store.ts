import { minorUnitExponent, toMinorUnits } from "@connector/core/domain";
import type { PlacementStore, PlacementView } from "@connector/core/ports";
import { type Kysely, sql } from "kysely";
import { inListSlices, insertRows } from "../database/batched-insert.js";
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
      // Each reference is one value, beside the desk id.
      for (const slice of inListSlices(db, references, 1)) {
        const rows = await db
          .selectFrom("live_accounts")
          .select("reference")
          .where("desk_id", "=", deskId)
          .where("reference", "in", slice)
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
      // A reference taken meanwhile is skipped, not an error: the caller compares counts and rolls back.
      const inserted = await insertRows(db, "accounts", rows, {
        maxRowsPerStatement: 500,
        shape: (query) => query.onConflict((oc) => oc.columns(["desk_id", "reference"]).doNothing()).returning("reference"),
      });
      return inserted.map((row) => row.reference);
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
      // The null is bound too, beside the ids.
      for (const slice of inListSlices(db, ids, 1)) {
        await db.updateTable("accounts").set({ pending_job_id: null }).where("id", "in", slice).execute();
      }
      return ids;
    },

    async bulkAdded() {
      // PostgreSQL plans a desk's lookups by statistics taken before the bulk: with a desk thought to
      // hold a few rows, a lookup of 250 references scanned all 60,000 just saved (19 ms, 0.5 ms after).
      if (capabilitiesOf(db).plansByStatistics) await sql`analyze accounts`.execute(db);
    },
    async deletePending(jobId, limit) {
      const rows = await db.selectFrom("accounts").select("id").where("pending_job_id", "=", jobId).orderBy("id").limit(limit).execute();
      let deleted = 0;
      for (const slice of inListSlices(db, rows.map((row) => row.id))) {
        const result = await db.deleteFrom("accounts").where("id", "in", slice).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
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
      const owned: string[] = [];
      for (const slice of inListSlices(db, [...accountIds], 1)) {
        const rows = await db.selectFrom("live_accounts").select("id").where("desk_id", "=", deskId).where("id", "in", slice).execute();
        owned.push(...rows.map((row) => row.id));
      }
      return owned;
    },
    async referencesOf(deskId, accountIds) {
      const references: { accountId: string; reference: string }[] = [];
      for (const slice of inListSlices(db, [...accountIds], 1)) {
        references.push(
          ...(await db
            .selectFrom("live_accounts")
            .select(["id as accountId", "reference"])
            .where("desk_id", "=", deskId)
            .where("id", "in", slice)
            .execute()),
        );
      }
      return references;
    },
  };
}
