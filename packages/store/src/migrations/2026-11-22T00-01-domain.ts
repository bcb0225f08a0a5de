import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * The domain tables. Released: never edit; add a later migration instead. No foreign keys point
 * at users or grants, which the auth migration adds afterwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key, wideIntegerType: wideInteger } = capabilitiesOf(db);

  await db.schema
    .createTable("desks")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(inList("kind", ["creditor", "buyer", "agency"])))
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("consumers")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("display_name", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("reference", "text", (col) => col.notNull())
    .addColumn("debtor_name", "text", (col) => col.notNull())
    .addColumn("debtor_email", "text")
    .addColumn("debtor_phone", "text")
    .addColumn("debtor_ssn_last4", "text")
    .addColumn("internal_note", "text")
    .addColumn("face_amount_minor", wideInteger, (col) => col.notNull())
    .addColumn("currency", "char(3)", (col) => col.notNull())
    .addColumn("case_status", "text", (col) => col.notNull())
    .addColumn("placed_at", key, (col) => col.notNull())
    .addColumn("status_updated_at", key, (col) => col.notNull())
    .addUniqueConstraint("accounts_desk_id_reference_unique", ["desk_id", "reference"])
    .execute();
  // Keyset paging: `where desk_id = ? and id > ? order by id` walks this index and nothing else.
  await db.schema.createIndex("accounts_desk_id_id_index").on("accounts").columns(["desk_id", "id"]).execute();

  await db.schema
    .createTable("payment_records")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("account_id", key, (col) => col.notNull().references("accounts.id"))
    .addColumn("amount_minor", wideInteger, (col) => col.notNull())
    .addColumn("currency", "char(3)", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("card_last4", "text")
    .addColumn("internal_note", "text")
    .addColumn("recorded_at", key, (col) => col.notNull())
    .execute();
  // Same direction as the read (newest first, then id), so the index also gives the order.
  await db.schema
    .createIndex("payment_records_account_recorded_index")
    .on("payment_records")
    .columns(["account_id", "recorded_at desc", "id desc"])
    .execute();

  await db.schema
    .createTable("consumer_verified_accounts")
    .addColumn("consumer_id", key, (col) => col.notNull().references("consumers.id"))
    .addColumn("account_id", key, (col) => col.notNull().references("accounts.id"))
    .addColumn("verified_at", key, (col) => col.notNull())
    .addPrimaryKeyConstraint("consumer_verified_accounts_pk", ["consumer_id", "account_id"])
    .execute();

  await db.schema
    .createTable("approved_offers")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("account_id", key, (col) => col.notNull().references("accounts.id"))
    .addColumn("terms", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(inList("status", ["active", "withdrawn"])))
    .addColumn("approved_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("approved_offers_account_status_index")
    .on("approved_offers")
    .columns(["account_id", "status", "expires_at"])
    .execute();

  await db.schema
    .createTable("placement_drafts")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("desk_id", key, (col) => col.notNull().references("desks.id"))
    .addColumn("user_id", key, (col) => col.notNull())
    .addColumn("grant_id", key, (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("accounts_json", "text", (col) => col.notNull())
    .addColumn("account_count", "integer", (col) => col.notNull())
    .addColumn("review_status", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("updated_at", key, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("placement_drafts_grant_created_index")
    .on("placement_drafts")
    .columns(["grant_id", "created_at"])
    .execute();

  await db.schema
    .createTable("consumer_request_drafts")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("consumer_id", key, (col) => col.notNull().references("consumers.id"))
    .addColumn("user_id", key, (col) => col.notNull())
    .addColumn("grant_id", key, (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("reference", "text")
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("review_status", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("updated_at", key, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("consumer_request_drafts_consumer_created_index")
    .on("consumer_request_drafts")
    .columns(["consumer_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("consumer_request_drafts_grant_index")
    .on("consumer_request_drafts")
    .column("grant_id")
    .execute();

  await db.schema
    .createTable("idempotency_records")
    .addColumn("user_id", key, (col) => col.notNull())
    .addColumn("workspace", "text", (col) => col.notNull())
    .addColumn("idempotency_key", key, (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("response_json", "text")
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_records_pk", ["user_id", "workspace", "idempotency_key"])
    .execute();

  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("bucket_key", key, (col) => col.notNull())
    .addColumn("window_start", key, (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limit_counters_pk", ["bucket_key", "window_start"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limit_counters",
    "idempotency_records",
    "consumer_request_drafts",
    "placement_drafts",
    "approved_offers",
    "consumer_verified_accounts",
    "payment_records",
    "accounts",
    "consumers",
    "desks",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

/** A check constraint with literal values: DDL cannot carry bind parameters. */
function inList(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
