import * as oauth from "oauth4webapi";
import { type BrowserSession, consentFields } from "./browser-session.js";

/** oauth4webapi refuses plain http unless told: test servers are http on loopback. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export interface RegisteredClient {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  redirectUri: string;
}

/** Discovery (RFC 8414) and dynamic registration (RFC 7591) of a public client, with oauth4webapi. */
export async function registerClient(baseUrl: string, clientName = "Test Agent"): Promise<RegisteredClient> {
  const issuer = new URL(baseUrl);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
  const redirectUri = "http://127.0.0.1:1/callback";
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: clientName, redirect_uris: [redirectUri], token_endpoint_auth_method: "none" },
    insecure,
  );
  const client = (await oauth.processDynamicClientRegistrationResponse(response)) as oauth.Client;
  return { as, client, redirectUri };
}

/**
 * The whole authorization-code flow as an agent and a signed-in person perform it: PKCE, the
 * consent form submitted with the given scopes ticked, the callback validated, the code exchanged.
 */
export async function connectWorkspace(
  registered: RegisteredClient,
  session: BrowserSession,
  request: { workspace: "desk" | "resolve"; scopes: string[]; grantedScopes?: string[] },
): Promise<oauth.TokenEndpointResponse> {
  const { as, client, redirectUri } = registered;
  const resource = `${session.baseUrl}/mcp/${request.workspace}`;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    state,
    scope: request.scopes.join(" "),
    resource,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  const page = await session.request(url);
  if (page.status !== 200) throw new Error(`authorization page answered ${page.status}`);
  const consent = await session.postForm("/oauth/consent", {
    ...consentFields(await page.text()),
    granted_scope: request.grantedScopes ?? request.scopes,
    decision: "allow",
  });
  const location = consent.headers.get("location");
  if (location === null) throw new Error(`consent answered ${consent.status} without a redirect`);
  const params = oauth.validateAuthResponse(as, client, new URL(location), state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
    ...insecure,
    additionalParameters: { resource },
  });
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

/** A refresh-token grant with oauth4webapi; the refresh token rotates. */
export async function refreshTokens(
  registered: RegisteredClient,
  refreshToken: string,
): Promise<oauth.TokenEndpointResponse> {
  const response = await oauth.refreshTokenGrantRequest(registered.as, registered.client, oauth.None(), refreshToken, insecure);
  return oauth.processRefreshTokenResponse(registered.as, registered.client, response);
}
