import type { StoredDpopKey } from "./dpop-key.js";

/** An OAuth client registration as the authorization server returned it (RFC 7591 §3.2.1). */
export interface StoredClient {
  client_id: string;
  /** The authorization server the registration belongs to. */
  issuer?: string;
  [field: string]: unknown;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch when the access token stops working. */
  expiresAt: number;
  scope?: string;
  tokenType: string;
  issuer?: string;
}

/** An authorization begun and not yet finished: what the callback is checked against. */
export interface PendingAuthorization {
  state?: string;
  codeVerifier?: string;
  redirectUri?: string;
  resource?: string;
}

/** Everything one connection (one grant) keeps; plain JSON so any store can persist it. */
export interface StoredConnection {
  client?: StoredClient;
  tokens?: StoredTokens;
  pending?: PendingAuthorization;
  /** What the MCP SDK discovered, kept by `ConnectorOAuthProvider` for the callback's check (plain JSON). */
  mcpDiscovery?: Record<string, unknown>;
  /**
   * The DPoP key the tokens are bound to (`ConnectorAuthOptions.dpop`), kept with them: the key objects
   * themselves (not extractable), or, in a store whose `dpopKeyFormat` is `"jwk"`, the private key as a JWK.
   */
  dpopKey?: StoredDpopKey;
}

/**
 * Where a connection lives between calls. Every client sharing a store shares one connection, so
 * `lock` must exclude all of them (across processes, for a persistent store): the refresh reads,
 * rotates and writes the tokens under it, which is what keeps a rotating refresh token from being
 * presented twice.
 */
export interface TokenStore {
  read(): Promise<StoredConnection | undefined>;
  write(connection: StoredConnection): Promise<void>;
  /** Runs `task` while no other holder of this store's lock runs. */
  lock<T>(task: () => Promise<T>): Promise<T>;
  /**
   * How this store can keep a DPoP key: `"cryptokey"` (the default) keeps the Web Crypto key objects as they
   * are, so the private key is made non-extractable (memory; a browser store over IndexedDB); `"jwk"` for a
   * store that writes JSON, which then holds the private key and must be readable by its owner only.
   */
  readonly dpopKeyFormat?: "jwk" | "cryptokey";
}

/**
 * The default store: one process, nothing persisted. Share one instance between clients to share the connection.
 * A DPoP key is kept as its key objects, the private one not extractable.
 */
export class MemoryTokenStore implements TokenStore {
  private connection: StoredConnection | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(initial?: StoredConnection) {
    this.connection = initial === undefined ? undefined : structuredClone(initial);
  }

  async read(): Promise<StoredConnection | undefined> {
    return this.connection === undefined ? undefined : structuredClone(this.connection);
  }

  async write(connection: StoredConnection): Promise<void> {
    this.connection = structuredClone(connection);
  }

  lock<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
