import type { Scope, Workspace } from "@connector/core";
import { parseScopeString } from "@connector/core/policy";
import { checkCodeChallenge } from "../checks/check-code-challenge.js";
import { checkRegisteredRedirectUri } from "../checks/check-redirect-uri.js";
import { checkAuthorizationResource } from "../checks/check-resource.js";
import { checkRequestedScopes } from "../checks/check-scope.js";
import { checkState } from "../checks/check-state.js";
import { checkDpopJkt } from "../checks/check-dpop-jkt.js";
import type { ClientResolver } from "../client-metadata/client-resolver.js";
import { InvalidRequestError, UnsupportedResponseTypeError } from "../errors/oauth-error.js";
import type { ParamReader } from "../params.js";
import type { OAuthClientRecord } from "@connector/core/ports";

/** The client and the registered redirect URI: who may receive an authorization response. */
export interface AuthorizationTarget {
  client: OAuthClientRecord;
  redirectUri: string;
}

export interface AuthorizationRequest extends AuthorizationTarget {
  state: string;
  codeChallenge: string;
  workspace: Workspace;
  resource: string;
  /** What the client asked for; the person may grant fewer. */
  scopes: Scope[];
  /** RFC 9449 §10: the thumbprint of the DPoP key the code is bound to. */
  dpopJkt?: string | undefined;
}

/**
 * First stage: identify the client and its redirect URI. Failures here must be shown to the
 * person on an error page and never redirected, or the endpoint becomes an open redirector. A
 * client ID metadata document is fetched here, and its redirect URIs are the registered ones.
 * @see RFC 6749 §4.1.2.1 first paragraph, RFC 9700 §4.11
 */
export async function checkAuthorizationTarget(
  findClient: ClientResolver,
  params: ParamReader,
  requester?: string,
): Promise<AuthorizationTarget> {
  const clientId = params("client_id");
  if (clientId === undefined) throw new InvalidRequestError("The client_id parameter is required.");
  const client = await findClient(clientId, requester);
  if (client === undefined) throw new InvalidRequestError("This app is not registered with the service.");
  return { client, redirectUri: checkRegisteredRedirectUri(client, params("redirect_uri")) };
}

/**
 * Second stage, once the redirect URI is trusted: every other rule of spec §5.1. Failures here are
 * redirected back to the client with `error`, `state` and `iss`.
 * @see RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 8707 §2, RFC 9449 §10
 */
export function checkAuthorizationRequest(
  baseUrl: string,
  target: AuthorizationTarget,
  params: ParamReader,
): AuthorizationRequest {
  if (params("response_type") !== "code") {
    throw new UnsupportedResponseTypeError("Only response_type=code is supported.");
  }
  const state = checkState(params("state"));
  const codeChallenge = checkCodeChallenge(params("code_challenge"), params("code_challenge_method"));
  const requested = parseScopeString(params("scope"));
  const { workspace, resource } = checkAuthorizationResource(baseUrl, params("resource"), requested);
  const scopes = checkRequestedScopes(requested, workspace);
  const dpopJkt = checkDpopJkt(params("dpop_jkt"));
  return { ...target, state, codeChallenge, workspace, resource, scopes, ...(dpopJkt === undefined ? {} : { dpopJkt }) };
}

/** The state to echo in an error redirect: whatever the client sent, if it sent exactly one. */
export function stateForErrorResponse(params: ParamReader): string | undefined {
  try {
    return params("state");
  } catch {
    return undefined;
  }
}
