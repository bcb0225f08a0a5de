import * as oauth from "oauth4webapi";
import { type BrowserSession, consentFields } from "./browser-session.js";
import { withDpopNonce } from "./dpop.js";

/** oauth4webapi refuses plain http unless told: test servers are http on loopback. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The authorization server under test: its issuer, and the redirect URI clients register by default. */
export interface OAuthServer {
  baseUrl: string;
  callbackUrl: string;
}

export interface AuthorizeOptions {
  scope?: string;
  /** undefined: the Desk MCP URL; null: omitted. */
  resource?: string | null;
  redirectUri?: string;
  codeChallengeMethod?: string | null;
  /** false: send no code_challenge at all. */
  pkce?: boolean;
  state?: string;
  responseType?: string;
  /** RFC 9449 §10: bind the code to the DPoP key with this thumbprint. */
  dpopJkt?: string;
}

export interface PreparedAuthorization {
  url: URL;
  verifier: string;
  state: string;
  redirectUri: string;
}

/**
 * A real OAuth client (oauth4webapi) registered with the server under test through discovery
 * (RFC 8414) and dynamic registration (RFC 7591), plus helpers to drive consent over HTTP.
 */
export class OAuthTestClient {
  private constructor(
    readonly server: OAuthServer,
    readonly as: oauth.AuthorizationServer,
    readonly client: oauth.Client,
  ) {}

  static async discover(server: OAuthServer): Promise<oauth.AuthorizationServer> {
    const issuer = new URL(server.baseUrl);
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure });
    return oauth.processDiscoveryResponse(issuer, response);
  }

  static async register(
    server: OAuthServer,
    metadata: Partial<oauth.Client> = {},
  ): Promise<OAuthTestClient> {
    const as = await OAuthTestClient.discover(server);
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: "Test Agent",
        redirect_uris: [server.callbackUrl],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        ...metadata,
      },
      insecure,
    );
    const client = await oauth.processDynamicClientRegistrationResponse(response);
    return new OAuthTestClient(server, as, client as oauth.Client);
  }

  /**
   * A client that registers nowhere: its `client_id` is the https URL of its client ID metadata
   * document (draft-ietf-oauth-client-id-metadata-document), which the server fetches itself.
   */
  static async withMetadataDocument(server: OAuthServer, clientId: string, redirectUri = server.callbackUrl): Promise<OAuthTestClient> {
    const as = await OAuthTestClient.discover(server);
    return new OAuthTestClient(server, as, { client_id: clientId, redirect_uris: [redirectUri], token_endpoint_auth_method: "none" });
  }

  get redirectUri(): string {
    return (this.client.redirect_uris as string[])[0]!;
  }

  async prepare(options: AuthorizeOptions = {}): Promise<PreparedAuthorization> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = options.state ?? oauth.generateRandomState();
    const redirectUri = options.redirectUri ?? this.redirectUri;
    const url = new URL(this.as.authorization_endpoint!);
    url.searchParams.set("client_id", this.client.client_id);
    url.searchParams.set("redirect_uri", redirectUri);
    url.searchParams.set("response_type", options.responseType ?? "code");
    url.searchParams.set("state", state);
    if (options.scope !== undefined) url.searchParams.set("scope", options.scope);
    const resource = options.resource === undefined ? `${this.server.baseUrl}/mcp/desk` : options.resource;
    if (resource !== null) url.searchParams.set("resource", resource);
    if (options.dpopJkt !== undefined) url.searchParams.set("dpop_jkt", options.dpopJkt);
    if (options.pkce !== false) {
      url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
      const method = options.codeChallengeMethod === undefined ? "S256" : options.codeChallengeMethod;
      if (method !== null) url.searchParams.set("code_challenge_method", method);
    }
    return { url, verifier, state, redirectUri };
  }

  /**
   * The person's side over HTTP: open the authorization URL signed in, then submit the consent
   * form with the given boxes ticked (default: all) and decision. Returns the Location the server
   * redirected to, whatever it is.
   */
  async consent(
    session: BrowserSession,
    prepared: PreparedAuthorization,
    choice: { decision?: "allow" | "deny"; scopes?: string[] } = {},
  ): Promise<URL> {
    const page = await session.request(prepared.url);
    if (page.status !== 200) {
      const location = page.headers.get("location");
      if (location !== null && !location.startsWith("/signin")) return new URL(location, this.server.baseUrl);
      throw new Error(`authorization page answered ${page.status}: ${await page.text()}`);
    }
    const html = await page.text();
    const fields = consentFields(html);
    const ticked = choice.scopes ?? fields.scope!.split(" ");
    const response = await session.postForm("/oauth/consent", {
      ...fields,
      granted_scope: ticked,
      decision: choice.decision ?? "allow",
    });
    const location = response.headers.get("location");
    if (response.status !== 303 || location === null) {
      throw new Error(`consent answered ${response.status}: ${await response.text()}`);
    }
    return new URL(location);
  }

  /** Authorization response validation as a client does it: state, iss, error. */
  validateCallback(callback: URL, state: string): URLSearchParams {
    return oauth.validateAuthResponse(this.as, this.client, callback, state);
  }

  async exchange(
    callbackParams: URLSearchParams,
    verifier: string | typeof oauth.nopkce,
    options: { redirectUri?: string; resource?: string | null; dpop?: oauth.DPoPHandle } = {},
  ): Promise<oauth.TokenEndpointResponse> {
    const resource = options.resource === undefined ? `${this.server.baseUrl}/mcp/desk` : options.resource;
    const attempt = async () => {
      const response = await oauth.authorizationCodeGrantRequest(
        this.as,
        this.client,
        oauth.None(),
        callbackParams,
        options.redirectUri ?? this.redirectUri,
        verifier,
        { ...insecure, additionalParameters: resource === null ? {} : { resource }, ...(options.dpop === undefined ? {} : { DPoP: options.dpop }) },
      );
      return oauth.processAuthorizationCodeResponse(this.as, this.client, response);
    };
    return options.dpop === undefined ? attempt() : withDpopNonce(attempt);
  }

  /** Sign-in, consent and code exchange in one go: a connected client. */
  async connect(
    session: BrowserSession,
    options: AuthorizeOptions & { scopes?: string[]; dpop?: oauth.DPoPHandle } = {},
  ): Promise<oauth.TokenEndpointResponse> {
    const prepared = await this.prepare(options);
    const callback = await this.consent(session, prepared, { scopes: options.scopes });
    const params = this.validateCallback(callback, prepared.state);
    return this.exchange(params, prepared.verifier, { resource: options.resource, ...(options.dpop === undefined ? {} : { dpop: options.dpop }) });
  }

  /** A DPoP handle (RFC 9449) for this client over `keyPair`, keeping the server's nonces. */
  dpop(keyPair: oauth.CryptoKeyPair): oauth.DPoPHandle {
    return oauth.DPoP(this.client, keyPair);
  }

  async refresh(
    refreshToken: string,
    options: { scope?: string; resource?: string; dpop?: oauth.DPoPHandle } = {},
  ): Promise<oauth.TokenEndpointResponse> {
    const additionalParameters: Record<string, string> = {};
    if (options.scope !== undefined) additionalParameters.scope = options.scope;
    if (options.resource !== undefined) additionalParameters.resource = options.resource;
    const attempt = async () => {
      const response = await oauth.refreshTokenGrantRequest(this.as, this.client, oauth.None(), refreshToken, {
        ...insecure,
        additionalParameters,
        ...(options.dpop === undefined ? {} : { DPoP: options.dpop }),
      });
      return oauth.processRefreshTokenResponse(this.as, this.client, response);
    };
    return options.dpop === undefined ? attempt() : withDpopNonce(attempt);
  }

  async revoke(token: string, hint?: "access_token" | "refresh_token"): Promise<void> {
    const response = await oauth.revocationRequest(this.as, this.client, oauth.None(), token, {
      ...insecure,
      additionalParameters: hint === undefined ? {} : { token_type_hint: hint },
    });
    await oauth.processRevocationResponse(response);
  }
}

/** The OAuth error a rejected promise carries (ResponseBodyError or AuthorizationResponseError). */
export async function oauthError(promise: Promise<unknown>): Promise<{ error: string; status?: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { error: error.error, status: error.status };
    if (error instanceof oauth.AuthorizationResponseError) return { error: error.error };
    throw error;
  }
  throw new Error("expected an OAuth error, but the call succeeded");
}
