import type { RegisteredClient } from "@connector/testkit";
import { insecure } from "@connector/testkit";
import * as oauth from "oauth4webapi";

/**
 * The registered client's authorization server, with its token and revocation endpoints pointed at
 * one server process instead of the load balancer, so a test chooses which process answers.
 */
export function endpointsAt(registered: RegisteredClient, memberUrl: string): oauth.AuthorizationServer {
  const at = (endpoint: string | undefined) => {
    const url = new URL(endpoint!);
    const member = new URL(memberUrl);
    url.host = member.host;
    return url.toString();
  };
  return { ...registered.as, token_endpoint: at(registered.as.token_endpoint), revocation_endpoint: at(registered.as.revocation_endpoint) };
}

/** A refresh-token grant sent to one process. */
export async function refreshAt(registered: RegisteredClient, memberUrl: string, refreshToken: string) {
  const as = endpointsAt(registered, memberUrl);
  const response = await oauth.refreshTokenGrantRequest(as, registered.client, oauth.None(), refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, registered.client, response);
}

/** RFC 7009 revocation sent to one process. */
export async function revokeAt(registered: RegisteredClient, memberUrl: string, token: string): Promise<void> {
  const as = endpointsAt(registered, memberUrl);
  const response = await oauth.revocationRequest(as, registered.client, oauth.None(), token, insecure);
  await oauth.processRevocationResponse(response);
}

/** An authorization code exchanged at one process. */
export async function exchangeAt(
  registered: RegisteredClient,
  memberUrl: string,
  callbackParams: URLSearchParams,
  verifier: string,
  resource: string,
) {
  const as = endpointsAt(registered, memberUrl);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    registered.client,
    oauth.None(),
    callbackParams,
    registered.redirectUri,
    verifier,
    { ...insecure, additionalParameters: { resource } },
  );
  return oauth.processAuthorizationCodeResponse(as, registered.client, response);
}
