import { type AccountStore, normalizeIdentifier } from "@connector/core";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";
import { ACCOUNT_VIEW_COLUMNS, toAccountView } from "../mappers/account-mapper.js";

export function createAccountStore(db: Kysely<DatabaseSchema>): AccountStore {
  return {
    /**
     * Keyset paging on (desk_id, id): one index range scan of limit+1 rows whatever the desk's
     * size, with no OFFSET and no COUNT. The extra row only says whether another page exists.
     */
    async listAccounts(deskId, { limit, after }) {
      let query = db
        .selectFrom("accounts")
        .select(ACCOUNT_VIEW_COLUMNS)
        .where("desk_id", "=", deskId)
        .orderBy("id")
        .limit(limit + 1);
      if (after !== undefined) query = query.where("id", ">", normalizeIdentifier(after));

      const rows = await query.execute();
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return {
        accounts: page.map(toAccountView),
        nextCursor: hasMore && page.length > 0 ? page[page.length - 1]!.id : null,
      };
    },

    async getAccount(deskId, accountId) {
      const row = await db
        .selectFrom("accounts")
        .select(ACCOUNT_VIEW_COLUMNS)
        .where("desk_id", "=", deskId)
        .where("id", "=", normalizeIdentifier(accountId))
        .executeTakeFirst();
      return row === undefined ? undefined : toAccountView(row);
    },
  };
}
