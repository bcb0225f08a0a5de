import * as oauth from "oauth4webapi";
import { AuthenticationError, AuthorizationError } from "../errors.js";
import { abortedBy } from "../http-attempt.js";
import { translateOAuthFailure } from "./oauth-failures.js";
import type { Workspace } from "../workspace.js";
import type { ConnectorDiscovery, TokenResponse } from "./protocol-types.js";
import { MemoryTokenStore, type StoredClient, type StoredConnection, type StoredTokens, type TokenStore } from "./token-store.js";
import {
  algorithmOf,
  type DpopKey,
  type DpopOptions,
  dpopKey,
  fromStoredKey,
  generateDpopKeyPair,
  toStoredKey,
} from "./dpop-key.js";

export interface ConnectorAuthOptions {
  /** The service's host root, e.g. `https://connector.example.com`. */
  baseUrl: string;
  /** The workspace this connection is for; a grant covers one workspace (spec §5.1.7). */
  workspace: Workspace;
  /** Your callback URL, registered exactly (spec §5.1.3). */
  redirectUri: string;
  /** Shown to the person on the consent page. Default "Connector client". */
  clientName?: string;
  /**
   * The https URL of your client ID metadata document (draft-ietf-oauth-client-id-metadata-document),
   * the way MCP 2026-07-28 recommends a client identify itself: a JSON document whose `client_id` is
   * this URL and whose `redirect_uris` list `redirectUri`. When the service advertises
   * `client_id_metadata_document_supported`, this URL is the client_id and nothing is registered;
   * otherwise the client registers dynamically (RFC 7591), the deprecated fallback.
   */
  clientMetadataUrl?: string;
  /** Scopes to ask for; default every scope of the workspace. The person may untick some. */
  scopes?: string[];
  /** Where the registration and tokens live. Default: a {@link MemoryTokenStore}. */
  store?: TokenStore;
  /** Refresh this long before the access token expires. Default 60 000 ms. */
  refreshLeewayMs?: number;
  /**
   * Bind the tokens to a key only this client holds (DPoP, RFC 9449): the service then refuses them to anyone
   * else, so an access or refresh token copied out of a log, a proxy or a crash report is useless. `true` makes
   * an ES256 key the first time and keeps it in the store with the tokens: as key objects whose private half
   * cannot be exported (the memory store, browsers and workers), or as a JWK in a JSON store (`FileTokenStore`,
   * whose file only its owner can read). Or pass `{ keyPair }` to use a key you keep yourself (a browser app
   * that keeps a non-extractable key in IndexedDB), or `{ alg: "EdDSA" }`. Every call then signs a proof.
   */
  dpop?: boolean | DpopOptions;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; the default is `Date.now`. */
  now?: () => number;
}

/** What a {@link ConnectorClient} needs of its credentials. */
export interface AccessTokenSource {
  /** The workspace the credentials work for, when known: calls to the other one are refused locally. */
  readonly workspace?: Workspace;
  /** A token that is not about to expire; refreshes first when it is. */
  accessToken(signal?: AbortSignal): Promise<string>;
  /** The service refused `staleToken` with 401: refresh once (shared with every concurrent caller). */
  refreshAfterUnauthorized?(staleToken: string, signal?: AbortSignal): Promise<void>;
  /**
   * Sends one request with `accessToken`: `Authorization: Bearer`, or for a DPoP-bound token `Authorization:
   * DPoP` with a fresh proof of the key (sent once more when the service asks for its nonce). Without this
   * method the client sends `Authorization: Bearer` itself.
   */
  presentToken?(accessToken: string, url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<Response>;
}

interface Discovered {
  as: oauth.AuthorizationServer;
  /** The exact MCP URL of the workspace: the `resource` of every authorization and token request (spec §5.1.5). */
  resource: string;
  /** The authorization server as the protected-resource metadata names it. */
  issuer: string;
}

const WORKSPACE_SCOPES: Record<Workspace, string[]> = {
  desk: ["desk:read", "desk:drafts"],
  resolve: ["resolve:read", "resolve:drafts"],
};

/**
 * One OAuth connection to a workspace, with oauth4webapi: discovery (RFC 9728 protected-resource
 * metadata, then RFC 8414), a client ID metadata document URL as client_id when the application has
 * one and the server supports it, else dynamic registration as a public client (RFC 7591), the authorization URL
 * with PKCE S256 and a random state (RFC 7636), the callback checked for state and `iss` (RFC 9207),
 * the code exchange and refreshes with `resource` (RFC 8707), and revocation (RFC 7009). With `dpop`, the code is
 * bound to the client's key (`dpop_jkt`) and every token request and call proves the key (RFC 9449).
 *
 * Refresh is single-flight: every caller that needs a new token while one is being fetched waits for
 * that one, and the rotation runs under the store's lock after re-reading the store, so clients that
 * share a store (even in other processes) never present the same refresh token twice; the service
 * would take that as theft and revoke the grant (spec §5.1.10).
 */
export class ConnectorAuth implements AccessTokenSource {
  readonly workspace: Workspace;
  readonly store: TokenStore;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  /** This client's clock (milliseconds since the epoch). */
  readonly now: () => number;
  private readonly leewayMs: number;
  private discovered: Promise<Discovered> | undefined;
  private refreshing: Promise<StoredTokens> | undefined;
  private dpopKeyLoading: Promise<DpopKey> | undefined;
  private dpopProofs: Promise<oauth.DPoPHandle> | undefined;

  constructor(private readonly options: ConnectorAuthOptions) {
    if (options.clientMetadataUrl !== undefined) checkClientMetadataUrl(options.clientMetadataUrl);
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.workspace = options.workspace;
    this.store = options.store ?? new MemoryTokenStore();
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.leewayMs = options.refreshLeewayMs ?? 60_000;
  }

  get redirectUri(): string {
    return this.options.redirectUri;
  }

  /** Client metadata for registration (RFC 7591 §2): a public client using the code flow with refresh. */
  get clientMetadata() {
    return {
      client_name: this.options.clientName ?? "Connector client",
      redirect_uris: [this.options.redirectUri],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: this.scopes.join(" "),
    };
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get scopes(): string[] {
    return this.options.scopes ?? WORKSPACE_SCOPES[this.workspace];
  }

  /**
   * Discovery, once per instance: the workspace's protected-resource metadata names the resource and
   * its authorization server; that server's RFC 8414 metadata names the endpoints.
   */
  discover(): Promise<ConnectorDiscovery> {
    return this.discovery();
  }

  /** {@link discover} with oauth4webapi's own types, which stay out of the published declarations. */
  private discovery(): Promise<Discovered> {
    this.discovered ??= this.runDiscovery().catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  /**
   * The client this connection presents: its client ID metadata document URL when the application
   * gave one and the server supports them (MCP 2026-07-28 "Client Registration" priority order),
   * else a registration, reused when the store already holds one with this server.
   */
  async register(): Promise<StoredClient> {
    const { as, issuer } = await this.discovery();
    const metadataUrl = this.options.clientMetadataUrl;
    if (metadataUrl !== undefined && as.client_id_metadata_document_supported === true) {
      return this.useMetadataDocument(metadataUrl, issuer);
    }
    return this.store.lock(async () => {
      const connection = (await this.store.read()) ?? {};
      // A stored registration is reused only for the same server and a redirect URI it registered.
      const stored = connection.client;
      const redirectUris = stored?.redirect_uris;
      if (
        stored !== undefined &&
        (stored.issuer ?? issuer) === issuer &&
        (!Array.isArray(redirectUris) || redirectUris.includes(this.options.redirectUri))
      ) {
        return stored;
      }
      const response = await this.protocol(() =>
        oauth.dynamicClientRegistrationRequest(as, this.clientMetadata, this.requestOptions()),
      );
      const registered = await this.protocol(() => oauth.processDynamicClientRegistrationResponse(response));
      const client: StoredClient = { ...registered, issuer };
      await this.store.write({ ...connection, client });
      return client;
    });
  }

  /** Nothing to register: the document's URL is the client_id, kept in the store like a registration. */
  private useMetadataDocument(clientId: string, issuer: string): Promise<StoredClient> {
    const client = { client_id: clientId, token_endpoint_auth_method: "none", redirect_uris: [this.options.redirectUri], issuer };
    return this.store.lock(async () => {
      const connection = (await this.store.read()) ?? {};
      if (connection.client?.client_id !== clientId || connection.client.issuer !== issuer) await this.store.write({ ...connection, client });
      return client;
    });
  }

  /**
   * The URL to open in the person's browser. Registers first if needed, and keeps the PKCE verifier and
   * state in the store for {@link handleCallback}.
   */
  async authorizationUrl(): Promise<URL> {
    const { as, resource } = await this.discovery();
    const client = await this.register();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const key = await this.dpopKey();
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set("client_id", client.client_id);
    url.searchParams.set("redirect_uri", this.options.redirectUri);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", this.scopes.join(" "));
    url.searchParams.set("state", state);
    url.searchParams.set("resource", resource);
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
    url.searchParams.set("code_challenge_method", "S256");
    // RFC 9449 §10: the code is redeemable only with a proof of this client's key.
    if (key !== undefined) url.searchParams.set("dpop_jkt", key.thumbprint);
    await this.update((connection) => ({
      ...connection,
      pending: { state, codeVerifier, redirectUri: this.options.redirectUri, resource },
    }));
    return url;
  }

  /**
   * The browser came back to your redirect URI with this URL: checks `state` and `iss`, turns an
   * `error=` answer into an {@link AuthorizationError}, and exchanges the code (with PKCE and `resource`).
   */
  async handleCallback(callbackUrl: string | URL): Promise<void> {
    const { as, resource, issuer } = await this.discovery();
    const connection = (await this.store.read()) ?? {};
    const pending = connection.pending;
    if (connection.client === undefined || pending?.state === undefined || pending.codeVerifier === undefined) {
      throw new AuthorizationError({ code: "authorization_failed", message: "No authorization is in progress for this store." });
    }
    const client = connection.client as oauth.Client;
    const params = this.protocol(() => oauth.validateAuthResponse(as, client, new URL(callbackUrl), pending.state!));
    const dpop = await this.dpopHandle();
    const tokens = await this.protocol(() =>
      retryForNonce(async () => {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.None(),
          params,
          pending.redirectUri ?? this.options.redirectUri,
          pending.codeVerifier!,
          this.requestOptions({ additionalParameters: { resource: pending.resource ?? resource }, ...(dpop === undefined ? {} : { DPoP: dpop }) }),
        );
        return oauth.processAuthorizationCodeResponse(as, client, response);
      }),
    );
    await this.update(({ pending: _done, ...rest }) => ({ ...rest, tokens: this.toStored(tokens, issuer) }));
  }

  /** True once a code exchange has stored tokens (and no revocation or failed refresh removed them). */
  async isConnected(): Promise<boolean> {
    return (await this.store.read())?.tokens !== undefined;
  }

  async accessToken(signal?: AbortSignal): Promise<string> {
    const tokens = await this.currentTokens();
    if (!this.isExpiring(tokens)) return tokens.accessToken;
    return (await this.refresh(tokens.accessToken, signal)).accessToken;
  }

  async refreshAfterUnauthorized(staleToken: string, signal?: AbortSignal): Promise<void> {
    await this.refresh(staleToken, signal);
  }

  /**
   * The single-flight refresh. Callers in this instance share one promise; the rotation itself runs
   * under the store's lock and first re-reads the store, so a client that finds the token already
   * replaced (by another instance or process sharing the store) uses the new one and sends nothing.
   * A caller's signal only stops that caller's wait: aborting the request itself could lose the
   * rotated refresh token after the service consumed the old one, and the grant with it.
   */
  refresh(staleAccessToken: string, signal?: AbortSignal): Promise<StoredTokens> {
    this.refreshing ??= this.rotate(staleAccessToken).finally(() => {
      this.refreshing = undefined;
    });
    return untilAborted(this.refreshing, signal);
  }

  /** Ends the connection: revoking the refresh token revokes the whole grant, then the store forgets the tokens. */
  async revoke(): Promise<void> {
    const { as } = await this.discovery();
    const connection = await this.store.read();
    const tokens = connection?.tokens;
    if (connection?.client === undefined || tokens === undefined) return;
    const token = tokens.refreshToken ?? tokens.accessToken;
    const hint = tokens.refreshToken === undefined ? "access_token" : "refresh_token";
    const response = await this.protocol(() =>
      oauth.revocationRequest(as, connection.client as oauth.Client, oauth.None(), token, {
        ...this.requestOptions({ additionalParameters: { token_type_hint: hint } }),
      }),
    );
    await this.protocol(() => oauth.processRevocationResponse(response));
    await this.update(({ tokens: _revoked, ...rest }) => rest);
  }

  /** Saves tokens obtained elsewhere (for instance by the MCP SDK's own code exchange). */
  async saveTokens(tokens: StoredTokens): Promise<void> {
    await this.update((connection) => ({ ...connection, tokens }));
  }

  /** Tokens as the token endpoint answered them, with the expiry made absolute on this client's clock. */
  toStored(response: TokenResponse, issuer?: string): StoredTokens {
    return {
      accessToken: response.access_token,
      ...(response.refresh_token === undefined ? {} : { refreshToken: response.refresh_token }),
      expiresAt: this.now() + (response.expires_in ?? 0) * 1000,
      ...(response.scope === undefined ? {} : { scope: response.scope }),
      tokenType: response.token_type,
      ...(issuer === undefined ? {} : { issuer }),
    };
  }

  isExpiring(tokens: StoredTokens): boolean {
    return tokens.expiresAt - this.leewayMs <= this.now();
  }

  private async rotate(staleAccessToken: string): Promise<StoredTokens> {
    const { as, resource } = await this.discovery();
    // Before the lock: making the key the first time takes the store's lock itself.
    const dpop = await this.dpopHandle();
    return this.store.lock(async () => {
      const connection = (await this.store.read()) ?? {};
      const tokens = connection.tokens;
      if (tokens === undefined) throw notConnected();
      if (tokens.accessToken !== staleAccessToken && !this.isExpiring(tokens)) return tokens;
      if (tokens.refreshToken === undefined || connection.client === undefined) {
        throw new AuthenticationError({ status: 401, code: "invalid_token", message: "The access token expired and there is no refresh token: connect again." });
      }
      const client = connection.client as oauth.Client;
      let fresh: StoredTokens;
      try {
        const refreshToken = tokens.refreshToken;
        fresh = await retryForNonce(async () => {
          const response = await oauth.refreshTokenGrantRequest(
            as,
            client,
            oauth.None(),
            refreshToken,
            this.requestOptions({ additionalParameters: { resource }, ...(dpop === undefined ? {} : { DPoP: dpop }) }),
          );
          return this.toStored(await oauth.processRefreshTokenResponse(as, client, response), tokens.issuer);
        });
      } catch (error) {
        // The grant is gone (revoked, expired, or its refresh token reused): the tokens are useless now.
        if (error instanceof oauth.ResponseBodyError && error.error === "invalid_grant") {
          const { tokens: _dead, ...rest } = connection;
          await this.store.write(rest);
        }
        throw translateOAuthFailure(error);
      }
      await this.store.write({ ...connection, tokens: { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken } });
      return fresh;
    });
  }

  /** Whether this connection binds its tokens to a DPoP key (the `dpop` option). */
  get usesDpop(): boolean {
    return this.options.dpop !== undefined && this.options.dpop !== false;
  }

  /**
   * The DPoP key the tokens are bound to (undefined without the `dpop` option): the one given, else the one
   * in the store, else a new one, stored now. The MCP provider signs its proofs with the same key.
   */
  dpopKey(): Promise<DpopKey | undefined> {
    if (!this.usesDpop) return Promise.resolve(undefined);
    this.dpopKeyLoading ??= this.loadDpopKey().catch((error: unknown) => {
      this.dpopKeyLoading = undefined;
      throw error;
    });
    return this.dpopKeyLoading;
  }

  /**
   * Sends a request with `accessToken`: as Bearer, or, when the stored token is DPoP-bound, as `DPoP` with a
   * fresh proof (with `ath`, `iat` on this client's clock and the service's nonce), once more if the service
   * asks for its nonce. The answer is returned whatever its status.
   */
  async presentToken(accessToken: string, url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<Response> {
    const stored = (await this.store.read())?.tokens;
    const bound = stored?.accessToken === accessToken ? stored.tokenType.toLowerCase() === "dpop" : false;
    const headers = new Headers(init.headers);
    if (!bound) {
      headers.set("authorization", `Bearer ${accessToken}`);
      return fetchImpl(url, { ...init, headers });
    }
    const dpop = await this.dpopHandle();
    if (dpop === undefined) throw new TypeError("This token is DPoP-bound, but this ConnectorAuth was made without the dpop option: it has no key to prove.");
    const send = () =>
      oauth.protectedResourceRequest(accessToken, init.method ?? "GET", new URL(url), new Headers(headers), (init.body ?? null) as string | null, {
        ...this.requestOptions(),
        DPoP: dpop,
        [oauth.customFetch]: (target: string, options: oauth.CustomFetchOptions<string, unknown>) => fetchImpl(target, options as RequestInit),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error;
      if (!oauth.isDPoPNonceError(error)) return error.response;
      await error.response.body?.cancel();
      try {
        return await send();
      } catch (again) {
        if (again instanceof oauth.WWWAuthenticateChallengeError) return again.response;
        throw again;
      }
    }
  }

  /** oauth4webapi's DPoP handle over the key, keeping the service's nonce; proofs' `iat` on this client's clock. */
  private dpopHandle(): Promise<oauth.DPoPHandle | undefined> {
    if (!this.usesDpop) return Promise.resolve(undefined);
    this.dpopProofs ??= (async () => {
      const key = (await this.dpopKey())!;
      return oauth.DPoP({}, key.keyPair as unknown as oauth.CryptoKeyPair, {
        [oauth.modifyAssertion]: (_header, payload) => {
          payload.iat = Math.floor(this.now() / 1000);
        },
      });
    })().catch((error: unknown) => {
      this.dpopProofs = undefined;
      throw error;
    });
    return this.dpopProofs;
  }

  private async loadDpopKey(): Promise<DpopKey> {
    const option = this.options.dpop;
    if (typeof option === "object" && option.keyPair !== undefined) return dpopKey(algorithmOf(option.keyPair), option.keyPair);
    return this.store.lock(async () => {
      const connection = (await this.store.read()) ?? {};
      if (connection.dpopKey !== undefined) return fromStoredKey(connection.dpopKey);
      const alg = (typeof option === "object" ? option.alg : undefined) ?? "ES256";
      const format = this.store.dpopKeyFormat ?? "cryptokey";
      const stored = await toStoredKey(alg, await generateDpopKeyPair(alg, format === "jwk"), format);
      await this.store.write({ ...connection, dpopKey: stored });
      return fromStoredKey(stored);
    });
  }

  private async currentTokens(): Promise<StoredTokens> {
    const tokens = (await this.store.read())?.tokens;
    if (tokens === undefined) throw notConnected();
    return tokens;
  }

  private async update(change: (connection: StoredConnection) => StoredConnection): Promise<void> {
    await this.store.lock(async () => {
      await this.store.write(change((await this.store.read()) ?? {}));
    });
  }

  private async runDiscovery(): Promise<Discovered> {
    const resourceUrl = new URL(`${this.baseUrl}/mcp/${this.workspace}`);
    const resourceResponse = await this.protocol(() => oauth.resourceDiscoveryRequest(resourceUrl, this.requestOptions()));
    const metadata = await this.protocol(() => oauth.processResourceDiscoveryResponse(resourceUrl, resourceResponse));
    const issuer = metadata.authorization_servers?.[0];
    if (issuer === undefined) {
      throw new AuthorizationError({ code: "authorization_failed", message: "The resource names no authorization server." });
    }
    const issuerUrl = new URL(issuer);
    const response = await this.protocol(() => oauth.discoveryRequest(issuerUrl, { algorithm: "oauth2", ...this.requestOptions() }));
    const as = await this.protocol(() => oauth.processDiscoveryResponse(issuerUrl, response));
    return { as, resource: metadata.resource, issuer };
  }

  private requestOptions<Extra extends object>(extra?: Extra) {
    return {
      // oauth4webapi's options are a RequestInit in all but name (its `body` may be undefined).
      [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) => this.fetchImpl(url, init as RequestInit),
      // oauth4webapi refuses plain http; a service on this machine (the demo server) is reached over it.
      ...(isLoopbackHttp(this.baseUrl) ? { [oauth.allowInsecureRequests]: true } : {}),
      ...extra,
    };
  }

  /** Runs a protocol step and turns oauth4webapi's failures into this package's errors. */
  private protocol<T>(step: () => T): T {
    try {
      const result = step();
      if (result instanceof Promise) return result.catch((error: unknown) => Promise.reject(translateOAuthFailure(error))) as T;
      return result;
    } catch (error) {
      throw translateOAuthFailure(error);
    }
  }
}

/**
 * A client ID metadata document's URL is an https URL with a path (draft-ietf-oauth-client-id-metadata-document
 * §3): refused here, at construction, rather than by the authorization server at the person's consent.
 */
function checkClientMetadataUrl(value: string): void {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || url.protocol !== "https:" || url.pathname === "/" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new TypeError(
      `clientMetadataUrl must be an https URL with a path, no fragment and no credentials (e.g. https://my-agent.example/oauth/client.json); got ${JSON.stringify(value)}.`,
    );
  }
}

/**
 * Runs a token request once more when the service asks for its DPoP nonce (RFC 9449 §8, `use_dpop_nonce`):
 * oauth4webapi's handle has kept the nonce from the refusal and signs it into the new proof.
 */
async function retryForNonce<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!oauth.isDPoPNonceError(error)) throw error;
    return attempt();
  }
}

function notConnected(): AuthorizationError {
  return new AuthorizationError({ code: "not_connected", message: "Not connected: open authorizationUrl() and pass the callback to handleCallback()." });
}

function isLoopbackHttp(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

/** Resolves as `promise` does, or rejects with {@link AbortedError} as soon as `signal` fires; `promise` runs on. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortedBy(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedBy(signal.reason));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
