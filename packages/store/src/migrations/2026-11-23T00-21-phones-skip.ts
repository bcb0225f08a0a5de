import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * Phone imports and skip-trace state. Released: never edit.
 *
 * `accounts.skip_state`: accounts inserted from now on start `not_traced` (the column default) and
 * become `traced` when an import attaches a phone. Accounts that exist when this runs are set to
 * NULL: whether they were skip-traced before the service kept track is not known, and the skip
 * count says `unknown` rather than guess.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key } = capabilitiesOf(db);

  await db.schema
    .alterTable("accounts")
    .addColumn("skip_state", "text", (col) =>
      col.defaultTo("not_traced").check(sql`skip_state in ('not_traced', 'traced')`),
    )
    .execute();
  // Adding a column with a default fills existing rows with it in both dialects; undo that.
  await db.updateTable("accounts").set({ skip_state: null }).execute();
  // The skip count reads this index alone.
  await db.schema.createIndex("accounts_desk_skip_state_index").on("accounts").columns(["desk_id", "skip_state"]).execute();

  await db.schema
    .createTable("phone_import_batches")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("row_count", "integer", (col) => col.notNull())
    .addColumn("valid_count", "integer", (col) => col.notNull())
    .addColumn("invalid_count", "integer", (col) => col.notNull())
    .addColumn("created_by_user_id", key)
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("phone_import_batches_desk_created_index")
    .on("phone_import_batches")
    .columns(["desk_id", "created_at"])
    .execute();

  await db.schema
    .createTable("account_phones")
    .addColumn("account_id", key, (col) => col.notNull().references("accounts.id"))
    .addColumn("e164", key, (col) => col.notNull())
    .addColumn("batch_id", key, (col) => col.notNull().references("phone_import_batches.id"))
    .addColumn("created_at", key, (col) => col.notNull())
    .addPrimaryKeyConstraint("account_phones_pk", ["account_id", "e164"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_phones").execute();
  await db.schema.dropTable("phone_import_batches").execute();
  await db.schema.dropIndex("accounts_desk_skip_state_index").execute();
  await db.schema.alterTable("accounts").dropColumn("skip_state").execute();
}
