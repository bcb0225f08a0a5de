import type {
  DpopKeyPair as SdkDpopKeyPair,
  DpopSession,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import * as oauth from "oauth4webapi";
import { AuthorizationError } from "./errors.js";
import type { ConnectorAuth } from "./oauth/connector-auth.js";
import { translateOAuthFailure } from "./oauth/oauth-failures.js";
import type { StoredClient, StoredConnection, StoredTokens } from "./oauth/token-store.js";

export interface ConnectorOAuthProviderOptions {
  /** Called with the authorization URL when the MCP SDK starts a new authorization: open it for the person. */
  onAuthorizationUrl?: (url: URL) => void | Promise<void>;
}

/**
 * The MCP TypeScript SDK's `OAuthClientProvider` (`@modelcontextprotocol/client` 2.x) on a
 * {@link ConnectorAuth}: the same token store and the same single-flight refresh as the REST client.
 * Give the transport both the provider and its `fetch`:
 *
 * ```ts
 * const provider = new ConnectorOAuthProvider(auth);
 * new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/desk`), { authProvider: provider, fetch: provider.fetch });
 * ```
 *
 * `tokens()` refreshes (single-flight) before handing out a token that is about to expire, so parallel
 * calls across an expiry share one refresh. When the service still answers 401, the SDK refreshes on
 * its own with the refresh token it last read; `fetch` routes that request into the same single-flight
 * refresh, so a refresh token that another call already rotated is never presented again (the service
 * would revoke the grant, spec §5.1.10): the caller gets the tokens of that rotation instead.
 *
 * When the `ConnectorAuth` has `dpop`, {@link dpop} hands the SDK a `DpopSession` over the same key: the SDK
 * then signs its token requests and every MCP request with it (RFC 9449, SEP-1932), so REST and MCP share one
 * key, one set of tokens bound to it, and one single-flight refresh.
 */
export class ConnectorOAuthProvider implements OAuthClientProvider {
  /** Pass as the transport's `fetch`. */
  readonly fetch: typeof fetch;
  /**
   * The application's client ID metadata document URL, if it gave one: the MCP SDK then uses it as
   * the client_id where the server advertises support, and registers otherwise. Absent (not undefined)
   * otherwise, as the SDK's interface asks under `exactOptionalPropertyTypes`.
   */
  readonly clientMetadataUrl?: string;
  private session: Promise<DpopSession | undefined> | undefined;

  constructor(
    readonly auth: ConnectorAuth,
    private readonly options: ConnectorOAuthProviderOptions = {},
    private readonly baseFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {
    this.fetch = (input, init) => this.routeRefresh(input, init) ?? this.sendRefreshingOnce(input, init);
    if (auth.clientMetadataUrl !== undefined) this.clientMetadataUrl = auth.clientMetadataUrl;
  }

  /**
   * The MCP SDK's DPoP session (SEP-1932) over the `ConnectorAuth`'s key, or undefined when it has no `dpop`
   * option (the SDK then presents Bearer tokens as before). One session per provider: it keeps the service's nonce.
   */
  dpop(): Promise<DpopSession | undefined> {
    this.session ??= (async () => {
      const key = await this.auth.dpopKey();
      if (key === undefined) return undefined;
      const { privateKey, publicKey } = key.keyPair;
      const keyPair = { privateKey, publicKey, publicJwk: key.publicJwk, thumbprint: key.thumbprint, alg: key.alg };
      // Loaded here, not at the top: the root entry must not need the optional MCP SDK unless DPoP over MCP is used.
      const { DpopSession: Session } = await import("@modelcontextprotocol/client");
      return Session.create({ keyPair: keyPair as unknown as SdkDpopKeyPair });
    })().catch((error: unknown) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  get redirectUrl(): string {
    return this.auth.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.auth.clientMetadata;
  }

  /** A random state of 32 bytes; kept so {@link checkCallback} can check it. */
  async state(): Promise<string> {
    const state = oauth.generateRandomState();
    await this.updatePending({ state, redirectUri: this.auth.redirectUri });
    return state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return (await this.auth.store.read())?.client as OAuthClientInformationMixed | undefined;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    await this.update((connection) => ({ ...connection, client: information as StoredClient }));
  }

  /** The stored tokens, refreshed first (single-flight, under the store's lock) when about to expire. */
  async tokens(): Promise<OAuthTokens | undefined> {
    let tokens = (await this.auth.store.read())?.tokens;
    if (tokens === undefined) return undefined;
    if (this.auth.isExpiring(tokens)) {
      try {
        tokens = await this.auth.refresh(tokens.accessToken);
      } catch {
        // A refused refresh leaves the store without tokens: the SDK then starts a new authorization.
        return undefined;
      }
    }
    return this.toOAuthTokens(tokens);
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const current = (await this.auth.store.read())?.tokens;
    if (current?.accessToken === tokens.access_token) return;
    await this.auth.saveTokens(this.auth.toStored(tokens, tokens.issuer));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.options.onAuthorizationUrl === undefined) {
      throw new AuthorizationError({ code: "not_connected", message: `Authorization needed: open ${authorizationUrl.href}` });
    }
    await this.options.onAuthorizationUrl(authorizationUrl);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.updatePending({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.auth.store.read())?.pending?.codeVerifier;
    if (verifier === undefined) throw new AuthorizationError({ code: "authorization_failed", message: "No authorization is in progress." });
    return verifier;
  }

  /**
   * What the SDK discovered (resource and authorization server metadata), kept in the store beside the
   * PKCE verifier: on the callback the SDK checks that the code goes back to the server that issued it
   * (SEP-2352; without these two methods it warns that it cannot).
   */
  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    // Connected, there is no callback to check: nothing is written, so parallel refreshes do not queue on the lock.
    if ((await this.auth.store.read())?.tokens !== undefined) return;
    await this.update((connection) => ({ ...connection, mcpDiscovery: JSON.parse(JSON.stringify(state)) }));
  }

  /**
   * The saved discovery, for the redirect round trip of an authorization only (a verifier kept, no tokens
   * yet). Once connected the SDK discovers afresh on each `auth()`, as it did before: a cached discovery
   * made its refreshes after a 401 start apart rather than together, and so not share one flight.
   */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const connection = await this.auth.store.read();
    if (connection?.tokens !== undefined || connection?.pending?.codeVerifier === undefined) return undefined;
    return connection.mcpDiscovery as OAuthDiscoveryState | undefined;
  }

  /** Forgets what the SDK asks to; the DPoP key stays (it is this client's, not something the service issued). */
  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    await this.update(({ client, tokens, pending, mcpDiscovery, dpopKey }) => ({
      ...(dpopKey === undefined ? {} : { dpopKey }),
      ...(scope === "all" || scope === "client" ? {} : client === undefined ? {} : { client }),
      ...(scope === "all" || scope === "tokens" ? {} : tokens === undefined ? {} : { tokens }),
      ...(scope === "all" || scope === "verifier" ? {} : pending === undefined ? {} : { pending }),
      ...(scope === "all" || scope === "discovery" ? {} : mcpDiscovery === undefined ? {} : { mcpDiscovery }),
    }));
  }

  /**
   * The browser came back to the redirect URI with this URL: checks `state` and `iss` (RFC 9207) and
   * returns the callback's parameters (`code` and `iss`) for the transport's `finishAuth(params)`, which
   * the SDK v2 refuses without the `iss` the service sends.
   */
  async checkCallback(callbackUrl: string | URL): Promise<URLSearchParams> {
    const { as } = await this.auth.discover();
    const connection = await this.auth.store.read();
    const state = connection?.pending?.state;
    if (connection?.client === undefined || state === undefined) {
      throw new AuthorizationError({ code: "authorization_failed", message: "No authorization is in progress." });
    }
    try {
      return oauth.validateAuthResponse(as as oauth.AuthorizationServer, connection.client as oauth.Client, new URL(callbackUrl), state);
    } catch (error) {
      throw translateOAuthFailure(error);
    }
  }

  private toOAuthTokens(tokens: StoredTokens): OAuthTokens {
    return {
      access_token: tokens.accessToken,
      token_type: tokens.tokenType,
      expires_in: Math.max(0, Math.floor((tokens.expiresAt - this.auth.now()) / 1000)),
      ...(tokens.refreshToken === undefined ? {} : { refresh_token: tokens.refreshToken }),
      ...(tokens.scope === undefined ? {} : { scope: tokens.scope }),
      ...(tokens.issuer === undefined ? {} : { issuer: tokens.issuer }),
    } as OAuthTokens;
  }

  /**
   * Sends an MCP request; when the service answers 401 to its access token, refreshes once through the
   * single flight (no network at all when another call already replaced that token) and sends the
   * request again with the current token. The SDK sees the answer to the repeat, so parallel calls
   * that all met the 401 never each start their own refresh.
   */
  private async sendRefreshingOnce(input: string | URL | Request, init: RequestInit | undefined): Promise<Response> {
    const response = await this.baseFetch(input, init);
    if (response.status !== 401 || !(typeof init?.body === "string" || init?.body == null)) return response;
    // A token of the other workspace: refreshing brings another one of the same workspace. A refused DPoP
    // proof or a nonce to sign in is the SDK's DPoP layer's to answer (it retries with the nonce itself).
    if ((await isWrongWorkspace(response)) || isDpopRefusal(response)) return response;
    const headers = new Headers(init?.headers);
    const [, scheme, sent] = /^(Bearer|DPoP) (.+)$/i.exec(headers.get("authorization") ?? "") ?? [];
    if (sent === undefined) return response;
    try {
      await this.auth.refreshAfterUnauthorized(sent);
    } catch {
      // The refresh was refused: the 401 goes to the SDK, which starts a new authorization.
      return response;
    }
    const current = (await this.auth.store.read())?.tokens?.accessToken;
    if (current === undefined || current === sent) return response;
    await response.body?.cancel();
    if (scheme!.toLowerCase() === "dpop") {
      // The new token with a new proof of the same key, bound to it by `ath`.
      const session = await this.dpop();
      if (session === undefined) return response;
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      headers.set("authorization", `DPoP ${current}`);
      headers.set("dpop", await session.buildProof({ htm: init?.method ?? "GET", htu: url, accessToken: current }));
    } else {
      headers.set("authorization", `Bearer ${current}`);
    }
    return this.baseFetch(input, { ...init, headers });
  }

  /**
   * A refresh-token grant the SDK posts itself (after a 401) goes through the shared single-flight
   * refresh instead of the network; the answer is the token response of that refresh.
   */
  private routeRefresh(input: string | URL | Request, init: RequestInit | undefined): Promise<Response> | undefined {
    if (init?.method !== "POST" || !(init.body instanceof URLSearchParams)) return undefined;
    if (init.body.get("grant_type") !== "refresh_token") return undefined;
    const presented = init.body.get("refresh_token");
    return (async () => {
      const connection = await this.auth.store.read();
      const stored = connection?.tokens;
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (stored === undefined || url !== (await this.auth.discover()).as.token_endpoint) {
        return this.baseFetch(input, init);
      }
      // The SDK read `presented` before the latest rotation: hand it that rotation's tokens rather than
      // present a consumed refresh token. Otherwise this is a refresh of the current token: single-flight.
      const fresh = presented === stored.refreshToken ? await this.auth.refresh(stored.accessToken) : stored;
      const { issuer: _issuer, ...body } = this.toOAuthTokens(fresh) as OAuthTokens & { issuer?: string };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    })();
  }

  private async updatePending(change: { state?: string; codeVerifier?: string; redirectUri?: string }): Promise<void> {
    await this.update((connection) => ({ ...connection, pending: { ...connection.pending, ...change } }));
  }

  private update(change: (connection: StoredConnection) => StoredConnection): Promise<void> {
    const store = this.auth.store;
    return store.lock(async () => store.write(change((await store.read()) ?? {})));
  }
}

/** A 401 about the DPoP proof rather than the token (RFC 9449 §7.1): a refresh would not change it. */
function isDpopRefusal(response: Response): boolean {
  return /\b(use_dpop_nonce|invalid_dpop_proof)\b/.test(response.headers.get("www-authenticate") ?? "");
}

/** The service's 401 for a live token of the other workspace, read from a copy so the SDK still gets the body. */
async function isWrongWorkspace(response: Response): Promise<boolean> {
  const body = (await response.clone().json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === "wrong_workspace";
}
