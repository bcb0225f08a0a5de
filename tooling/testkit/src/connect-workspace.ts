import type * as oauth from "oauth4webapi";
import type { BrowserSession } from "./browser-session.js";
import { OAuthTestClient } from "./oauth-client.js";

/** A public client registered with the server under test. */
export type RegisteredClient = OAuthTestClient;

/** The agent's redirect URI: never contacted, the flow reads the consent redirect's Location instead. */
const AGENT_CALLBACK = "http://127.0.0.1:1/callback";

/** Discovery (RFC 8414) and dynamic registration (RFC 7591) of a public client, with oauth4webapi. */
export function registerClient(baseUrl: string, clientName = "Test Agent"): Promise<RegisteredClient> {
  return OAuthTestClient.register({ baseUrl, callbackUrl: AGENT_CALLBACK }, { client_name: clientName });
}

/**
 * The whole authorization-code flow as an agent and a signed-in person perform it: PKCE, the
 * consent form submitted with the given scopes ticked, the callback validated, the code exchanged
 * (with a DPoP proof of the handle's key when one is given: the tokens are then bound to it).
 */
export function connectWorkspace(
  registered: RegisteredClient,
  session: BrowserSession,
  request: { workspace: "desk" | "resolve"; scopes: string[]; grantedScopes?: string[]; dpop?: oauth.DPoPHandle },
): Promise<oauth.TokenEndpointResponse> {
  return registered.connect(session, {
    scope: request.scopes.join(" "),
    resource: `${session.baseUrl}/mcp/${request.workspace}`,
    scopes: request.grantedScopes ?? request.scopes,
    ...(request.dpop === undefined ? {} : { dpop: request.dpop }),
  });
}

/** A refresh-token grant with oauth4webapi; the refresh token rotates. */
export function refreshTokens(registered: RegisteredClient, refreshToken: string): Promise<oauth.TokenEndpointResponse> {
  return registered.refresh(refreshToken);
}
