import type { DeskRole } from "../domain/desk-role.js";
import type { Scope } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";
import type { FixedWindowCounterStore } from "./domain-stores.js";
import type { DeskKeyStore } from "./desk-key-store.js";

/**
 * Persistence the authorization server needs (spec §2.6, §5.1). `@connector/auth` uses these ports and
 * `@connector/store` implements them; they live in core, types only, so the store implements them
 * without depending on the authorization server (and its web framework). Every secret that reaches a
 * store — session cookie values, authorization codes, access and refresh tokens — arrives already
 * hashed (SHA-256, hex); a store never sees or keeps the secret itself.
 * Timestamps are ISO-8601 UTC strings, which compare correctly as text.
 */

export interface UserRecord {
  userId: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** A self-describing password hash (algorithm, parameters, salt, digest). */
  passwordHash: string;
  displayName: string;
  /** The desk the user owns or is a member of; null for a Resolve consumer. */
  deskId: string | null;
  deskRole: DeskRole | null;
  /** The consumer the user is; null for desk staff. */
  consumerId: string | null;
  createdAt: string;
}

export interface UserStore {
  /** Inserts the user unless the email is taken; returns whether it was inserted. */
  create(user: UserRecord): Promise<"created" | "email_taken">;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findById(userId: string): Promise<UserRecord | undefined>;
  /** Replaces the user's password hash; false when there is no such user. */
  setPasswordHash(userId: string, passwordHash: string): Promise<boolean>;
}

export interface SessionRecord {
  sessionId: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

export interface SessionStore {
  create(session: SessionRecord & { secretHash: string }): Promise<void>;
  /** The unexpired session whose cookie value hashes to `secretHash`. */
  findActive(secretHash: string, now: string): Promise<SessionRecord | undefined>;
  delete(secretHash: string): Promise<void>;
  /** Ends every session of the user (a password reset signs them out everywhere). */
  deleteAllOfUser(userId: string): Promise<void>;
}

/**
 * A public client (`token_endpoint_auth_method` none, no secret): registered through RFC 7591 (a
 * UUID id), or known by its client ID metadata document (the id is the document's https URL).
 */
export interface OAuthClientRecord {
  clientId: string;
  clientName: string;
  /** Compared by exact string match (RFC 9700 §4.1.3). */
  redirectUris: string[];
  createdAt: string;
  /**
   * The client said `dpop_bound_access_tokens: true` (RFC 9449 §5.2) at registration or in its
   * metadata document: its token requests without a DPoP proof are refused. Absent means false.
   */
  dpopBoundAccessTokens?: boolean;
}

export interface OAuthClientStore {
  create(client: OAuthClientRecord): Promise<void>;
  /**
   * Inserts or refreshes the record of a client ID metadata document client (its id is the URL):
   * name and redirect URIs follow the latest fetched document; `createdAt` stays the first.
   */
  saveFromMetadataDocument(client: OAuthClientRecord): Promise<void>;
  find(clientId: string): Promise<OAuthClientRecord | undefined>;
}

/** Spec §2.6: a grant binds a client, a user, a workspace (through its resource) and scopes. */
export interface GrantRecord {
  grantId: string;
  clientId: string;
  userId: string;
  workspace: Workspace;
  scopes: Scope[];
  /** The exact MCP URL of the workspace (RFC 8707 resource). */
  resource: string;
  createdAt: string;
  /** Set when a code is first exchanged, then when a token of the grant is refreshed or used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** What the Connections screen lists for one grant. */
/** Who ended a grant: the person (Connections), the app (revocation endpoint), or the service (code replay, refresh reuse). */
export type GrantRevoker = "user" | "client" | "service";

export interface GrantSummary {
  grantId: string;
  clientId: string;
  clientName: string;
  workspace: Workspace;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  /** Set once the grant was revoked; null while live. */
  revokedAt: string | null;
  /** Who revoked it; null while live, or when it was revoked before this was recorded. */
  revokedBy: GrantRevoker | null;
  /** Its tokens are bound to the app's DPoP key (RFC 9449): only that key can use them. */
  dpopBound: boolean;
}

export interface GrantStore {
  create(grant: GrantRecord): Promise<void>;
  find(grantId: string): Promise<GrantRecord | undefined>;
  /**
   * The user's grants whose code was exchanged at least once, newest first: the live ones, and
   * those revoked at or after `revokedSince` (a retention period, issue 18).
   */
  listByUser(userId: string, query: { revokedSince: string }): Promise<GrantSummary[]>;
  /**
   * In one transaction: marks the grant revoked (by whom) and every token issued from it revoked.
   * Returns false when the grant does not exist or was already revoked.
   */
  revoke(grantId: string, now: string, by: GrantRevoker): Promise<boolean>;
  /** Records use of the grant (the "last used" the Connections screen shows). */
  touch(grantId: string, now: string): Promise<void>;
  /**
   * In one transaction: stores a new grant and the authorization code bound to it (what consent
   * issues). If either insert fails, neither row remains.
   */
  createWithCode(grant: GrantRecord, code: Omit<AuthorizationCodeRecord, "consumedAt">): Promise<void>;
}

export type TokenKind = "access" | "refresh";

export interface TokenRecord {
  tokenId: string;
  kind: TokenKind;
  tokenHash: string;
  grantId: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string;
  /** Refresh tokens only: when the token was rotated away. */
  consumedAt: string | null;
  revokedAt: string | null;
  /**
   * The JWK SHA-256 thumbprint (RFC 7638, base64url) of the DPoP key the token is bound to (RFC 9449
   * §6.1 `cnf.jkt`); null for a Bearer token. A bound token is accepted only with a proof of that key.
   */
  dpopJkt: string | null;
}

export type NewToken = Omit<TokenRecord, "consumedAt" | "revokedAt">;

/** A token with the grant it belongs to and the parts of its user's row a principal needs. */
export interface TokenWithGrant {
  token: TokenRecord;
  grant: GrantRecord;
  user: Pick<UserRecord, "deskId" | "consumerId">;
}

export interface TokenStore {
  findByHash(tokenHash: string): Promise<TokenWithGrant | undefined>;
  /**
   * RFC 9700 §4.14.2 rotation, in one transaction: consumes the refresh token only if it is still
   * unconsumed and stores the new tokens. When it was already consumed, revokes the whole grant
   * instead (refresh token reuse) and returns "reused".
   */
  rotateRefresh(refreshTokenHash: string, now: string, issued: NewToken[]): Promise<"rotated" | "reused">;
  /** Revokes one token (an access token at the revocation endpoint). */
  revoke(tokenHash: string, now: string): Promise<void>;
}

export interface AuthorizationCodeRecord {
  codeId: string;
  codeHash: string;
  grantId: string;
  clientId: string;
  redirectUri: string;
  resource: string;
  scopes: Scope[];
  /** RFC 7636 S256 challenge. Null only for codes issued without one, which then refuse any verifier. */
  codeChallenge: string | null;
  /** RFC 9449 §10 `dpop_jkt` of the authorization request: the code is exchanged only with a proof of that key. */
  dpopJkt: string | null;
  createdAt: string;
  expiresAt: string;
  consumedAt: string | null;
}

export interface AuthorizationCodeStore {
  create(code: Omit<AuthorizationCodeRecord, "consumedAt">): Promise<void>;
  findByHash(codeHash: string): Promise<AuthorizationCodeRecord | undefined>;
  /**
   * RFC 6749 §4.1.2 single use, in one transaction: consumes the code only if unconsumed and
   * stores the issued tokens; when it was already consumed, revokes its grant and every token
   * issued from it instead and returns "replayed".
   */
  redeem(codeHash: string, now: string, issued: NewToken[]): Promise<"redeemed" | "replayed">;
}

/**
 * What DPoP needs kept beside the tokens (RFC 9449 §11.1, §8): the proofs already seen, so none is
 * accepted twice by any process, and the secret its nonces are derived from, the same in every process.
 */
export interface DpopStore {
  /**
   * Records a proof by its key (a hash of its key thumbprint and `jti`) until `expiresAt`, after which its
   * `iat` is too old for it to be accepted anyway. "replayed" when the key was already recorded and
   * has not expired: the proof was presented before, by this process or another.
   */
  recordProof(proofKey: string, expiresAt: string, now: string): Promise<"recorded" | "replayed">;
  /**
   * The secret DPoP nonces are derived from: the one stored, or else `candidate`, stored now. Every
   * process sharing the database gets the same answer.
   */
  nonceSecret(candidate: string, now: string): Promise<string>;
}

export interface AuthStores {
  users: UserStore;
  sessions: SessionStore;
  clients: OAuthClientStore;
  grants: GrantStore;
  codes: AuthorizationCodeStore;
  tokens: TokenStore;
  /** Counts of the authorization server's limits (registrations, failed sign-ins). */
  counters: FixedWindowCounterStore;
  deskKeys: DeskKeyStore;
  dpop: DpopStore;
}
