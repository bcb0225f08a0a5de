import type { Kysely } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * Phone imports (POST /api/v1/phones/import). Released: never edit. Each saved number belongs to
 * an account and to the batch (with its `source`) that brought it; the account's `skip_state`
 * (added by the back-office migration) becomes `skipped` when a number is attached.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key } = capabilitiesOf(db);

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
}
