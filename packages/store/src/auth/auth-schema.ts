import type { Workspace } from "@connector/core";
import type { DeskRole } from "@connector/core/domain";
import type { GrantRevoker, TokenKind } from "@connector/core/ports";
import type { ColumnType } from "kysely";
import type { DatabaseSchema } from "../database/database-schema.js";

/** Row shapes of the auth tables (migration 2026-11-22T00-02-auth). Secrets appear only as SHA-256 hex. */

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  display_name: string;
  desk_id: string | null;
  desk_role: DeskRole | null;
  consumer_id: string | null;
  created_at: string;
}

export interface SessionTable {
  id: string;
  secret_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface OAuthClientTable {
  id: string;
  client_name: string;
  /** JSON array of exact redirect URIs. */
  redirect_uris_json: string;
  created_at: string;
  /** 1 when the client registered `dpop_bound_access_tokens: true` (migration 2026-11-29T09-00-dpop). */
  dpop_bound_access_tokens: ColumnType<number, number | undefined, number>;
}

/** `scopes` columns hold the OAuth scope string: space-separated (RFC 6749 §3.3). */
export interface OAuthGrantTable {
  id: string;
  client_id: string;
  user_id: string;
  workspace: Workspace;
  scopes: string;
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Who ended it: `user`, `client` or `service`; null while live (and for grants revoked before it was recorded). */
  revoked_by?: GrantRevoker | null;
}

export interface OAuthCodeTable {
  id: string;
  code_hash: string;
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  resource: string;
  scopes: string;
  code_challenge: string | null;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  /** RFC 9449 §10 `dpop_jkt`; null for a code not bound to a key. */
  dpop_jkt: string | null;
}

export interface OAuthTokenTable {
  id: string;
  kind: TokenKind;
  token_hash: string;
  grant_id: string;
  scopes: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  revoked_at: string | null;
  /** The JWK thumbprint of the DPoP key the token is bound to; null for a Bearer token. */
  dpop_jkt: string | null;
}

/** DPoP proofs seen (RFC 9449 §11.1), by a hash of their key's thumbprint and `jti`, until their `iat` is too old. */
export interface DpopProofTable {
  proof_key: string;
  expires_at: string;
}

/** Secrets every process of the service shares (the DPoP nonce secret), created once. */
export interface ServiceSecretTable {
  name: string;
  value: string;
  created_at: string;
}

export interface OAuthRegistrationCounterTable {
  bucket_key: string;
  window_start: string;
  count: number;
}

export interface DeskKeyTable {
  id: string;
  desk_id: string;
  name: string;
  key_hash: string;
  created_by_user_id: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A type alias, not an interface: `withTables` needs an index-signature-compatible type. */
export type AuthSchema = {
  users: UserTable;
  sessions: SessionTable;
  oauth_clients: OAuthClientTable;
  oauth_grants: OAuthGrantTable;
  oauth_codes: OAuthCodeTable;
  oauth_tokens: OAuthTokenTable;
  oauth_registration_counters: OAuthRegistrationCounterTable;
  desk_keys: DeskKeyTable;
  dpop_proofs: DpopProofTable;
  service_secrets: ServiceSecretTable;
};

/** The auth tables next to the domain ones (users reference desks and consumers). */
export type AuthDatabase = DatabaseSchema & AuthSchema;
