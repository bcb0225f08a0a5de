import type { Scope } from "@connector/core";
import { newId } from "@connector/core/domain";
import type { AuthStores, GrantRecord, UserRecord } from "@connector/core/ports";
import { type Clock, isoAt } from "../clock.js";
import { newSecret, sha256Hex } from "../crypto/secrets.js";
import { AUTHORIZATION_CODE_TTL_MS } from "../lifetimes.js";
import type { AuthorizationRequest } from "./authorization-request.js";

/**
 * After the person allows: the grant (client, user, workspace, the scopes they kept) and a code
 * bound to it, the redirect URI, the resource and the PKCE challenge. Only the code's hash is
 * stored. It lives 2 minutes (spec §5.1.9). The grant is listed on the Connections screen once
 * the code is exchanged. Both rows are written in one transaction, so a failure leaves no grant
 * without its code.
 * @see RFC 6749 §4.1.2, RFC 7636 §4.4
 */
export async function issueAuthorizationCode(
  stores: Pick<AuthStores, "grants">,
  clock: Clock,
  request: AuthorizationRequest,
  user: UserRecord,
  grantedScopes: Scope[],
): Promise<string> {
  const now = clock();
  const grantId = newId(now);
  const code = newSecret("ac");
  const grant: GrantRecord = {
    grantId,
    clientId: request.client.clientId,
    userId: user.userId,
    workspace: request.workspace,
    scopes: grantedScopes,
    resource: request.resource,
    createdAt: isoAt(now),
    lastUsedAt: null,
    revokedAt: null,
  };
  await stores.grants.createWithCode(grant, {
    codeId: newId(now),
    codeHash: sha256Hex(code),
    grantId,
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    resource: request.resource,
    scopes: grantedScopes,
    codeChallenge: request.codeChallenge,
    dpopJkt: request.dpopJkt ?? null,
    createdAt: isoAt(now),
    expiresAt: isoAt(now + AUTHORIZATION_CODE_TTL_MS),
  });
  return code;
}
