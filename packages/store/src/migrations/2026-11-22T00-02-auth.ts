import { type Kysely, sql } from "kysely";
import { capabilitiesOf } from "../database/dialect-capabilities.js";

/**
 * The authorization server's tables (spec §2.6, §5.1). Released: never edit; add a later
 * migration instead. Every secret column holds a SHA-256 hex digest, never the secret. Ids,
 * hashes and timestamps use the dialect's byte-ordered key text so they compare like JavaScript.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { keyTextType: key } = capabilitiesOf(db);

  await db.schema
    .createTable("users")
    .addColumn("id", key, (col) => col.primaryKey())
    // Stored lower-cased so the unique constraint is case-insensitive in both dialects.
    .addColumn("email", key, (col) => col.notNull().unique().check(sql`email = lower(email)`))
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("display_name", "text", (col) => col.notNull())
    .addColumn("desk_id", key, (col) => col.references("desks.id"))
    .addColumn("desk_role", "text", (col) => col.check(sql`desk_role in ('owner', 'member')`))
    .addColumn("consumer_id", key, (col) => col.references("consumers.id"))
    .addColumn("created_at", key, (col) => col.notNull())
    .addCheckConstraint("users_desk_role_needs_desk", sql`desk_role is null or desk_id is not null`)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("secret_hash", key, (col) => col.notNull().unique())
    .addColumn("user_id", key, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id_index").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("oauth_clients")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("client_name", "text", (col) => col.notNull())
    .addColumn("redirect_uris_json", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("oauth_grants")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("client_id", key, (col) => col.notNull().references("oauth_clients.id"))
    .addColumn("user_id", key, (col) => col.notNull().references("users.id"))
    .addColumn("workspace", "text", (col) => col.notNull().check(sql`workspace in ('desk', 'resolve')`))
    .addColumn("scopes", "text", (col) => col.notNull())
    .addColumn("resource", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("last_used_at", key)
    .addColumn("revoked_at", key)
    .execute();
  await db.schema
    .createIndex("oauth_grants_user_created_index")
    .on("oauth_grants")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("oauth_codes")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("code_hash", key, (col) => col.notNull().unique())
    .addColumn("grant_id", key, (col) => col.notNull().references("oauth_grants.id"))
    .addColumn("client_id", key, (col) => col.notNull().references("oauth_clients.id"))
    .addColumn("redirect_uri", "text", (col) => col.notNull())
    .addColumn("resource", "text", (col) => col.notNull())
    .addColumn("scopes", "text", (col) => col.notNull())
    .addColumn("code_challenge", "text")
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .addColumn("consumed_at", key)
    .execute();
  await db.schema.createIndex("oauth_codes_expires_at_index").on("oauth_codes").column("expires_at").execute();

  await db.schema
    .createTable("oauth_tokens")
    .addColumn("id", key, (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn("token_hash", key, (col) => col.notNull().unique())
    .addColumn("grant_id", key, (col) => col.notNull().references("oauth_grants.id"))
    .addColumn("scopes", "text", (col) => col.notNull())
    .addColumn("created_at", key, (col) => col.notNull())
    .addColumn("expires_at", key, (col) => col.notNull())
    .addColumn("consumed_at", key)
    .addColumn("revoked_at", key)
    .execute();
  // Revoking a grant revokes its tokens: that update walks this index.
  await db.schema.createIndex("oauth_tokens_grant_id_index").on("oauth_tokens").column("grant_id").execute();

  await db.schema
    .createTable("oauth_registration_counters")
    .addColumn("bucket_key", key, (col) => col.notNull())
    .addColumn("window_start", key, (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("oauth_registration_counters_pk", ["bucket_key", "window_start"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "oauth_registration_counters",
    "oauth_tokens",
    "oauth_codes",
    "oauth_grants",
    "oauth_clients",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
