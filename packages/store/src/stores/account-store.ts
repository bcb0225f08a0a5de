import type { AccountStore } from "@connector/core/ports";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";
import { keysetPage } from "../database/keyset-page.js";
import { preparedQuery, type SlotFor } from "../database/prepared-query.js";
import { ACCOUNT_VIEW_COLUMNS, toAccountView } from "../mappers/account-mapper.js";

/** Account reads run on every list_accounts and case-status call: prepared once, not built per call. */
export function createAccountStore(db: Kysely<DatabaseSchema>): AccountStore {
  const deskAccounts = () => db.selectFrom("live_accounts").select(ACCOUNT_VIEW_COLUMNS);
  /**
   * Keyset paging on (desk_id, id): one index range scan of limit+1 rows whatever the desk's
   * size, with no OFFSET and no COUNT. The extra row only says whether another page exists.
   */
  const firstPage = preparedQuery(db, (slot: SlotFor<{ deskId: string; rows: number }>) =>
    deskAccounts().where("desk_id", "=", slot("deskId")).orderBy("id").limit(slot("rows")),
  );
  const pageAfter = preparedQuery(db, (slot: SlotFor<{ deskId: string; after: string; rows: number }>) =>
    deskAccounts()
      .where("desk_id", "=", slot("deskId"))
      .where("id", ">", slot("after"))
      .orderBy("id")
      .limit(slot("rows")),
  );
  const oneAccount = preparedQuery(db, (slot: SlotFor<{ deskId: string; accountId: string }>) =>
    deskAccounts().where("desk_id", "=", slot("deskId")).where("id", "=", slot("accountId")),
  );

  return {
    async listAccounts(deskId, { limit, after }) {
      const rows = await (after === undefined
        ? firstPage({ deskId, rows: limit + 1 })
        : pageAfter({ deskId, after: after, rows: limit + 1 }));
      const { page, nextCursor } = keysetPage(rows, limit);
      return { accounts: page.map(toAccountView), nextCursor };
    },

    async getAccount(deskId, accountId) {
      const [row] = await oneAccount({ deskId, accountId: accountId });
      return row === undefined ? undefined : toAccountView(row);
    },
  };
}
