import { parseScopeString } from "@connector/core/policy";
import type { OAuthClientRecord } from "@connector/core/ports";
import { isoAt } from "../clock.js";
import { checkTokenResource } from "../checks/check-resource.js";
import { checkNarrowedScopes } from "../checks/check-scope.js";
import type { AuthContext } from "../context.js";
import { sha256Hex } from "../crypto/secrets.js";
import { InvalidGrantError, InvalidRequestError } from "../errors/oauth-error.js";
import type { ParamReader } from "../params.js";
import { revokeGrant } from "../revocation/revoke-grant.js";
import type { CheckedDpopProof } from "../dpop/dpop-proofs.js";
import { type TokenResponse, mintTokens } from "./mint-tokens.js";
import { bindToProvenKey } from "./token-dpop.js";

/**
 * grant_type=refresh_token with rotation (spec §5.1.9–10).
 * - The token must be the calling client's, unrevoked and unexpired; the grant must be live.
 * - Presenting a token that was already rotated away is reuse: the whole grant is revoked.
 * - Scope may shrink for the new access token, never grow; the new refresh token keeps the
 *   refresh token's scope so a later refresh can widen back to what was granted.
 * - A refresh token bound to a DPoP key is used only with a proof of that key, and its successors stay
 *   bound to it: a copied refresh token is useless without the key. A Bearer grant refreshed with a
 *   proof is bound from then on.
 * @see RFC 6749 §6, RFC 9700 §4.14.2, RFC 9449 §5
 */
export async function refreshTokenGrant(
  context: AuthContext,
  client: OAuthClientRecord,
  params: ParamReader,
  key: CheckedDpopProof | undefined,
): Promise<TokenResponse> {
  const presented = params("refresh_token");
  if (presented === undefined) throw new InvalidRequestError("The refresh_token parameter is required.");
  const tokenHash = sha256Hex(presented);
  const found = await context.stores.tokens.findByHash(tokenHash);
  if (found === undefined || found.token.kind !== "refresh") throw new InvalidGrantError("The refresh token is invalid.");
  const { token, grant } = found;
  // Another client's token is refused without touching the grant: that client cannot revoke it either.
  if (grant.clientId !== client.clientId) throw new InvalidGrantError("The refresh token was issued to another client.");
  if (token.revokedAt !== null || grant.revokedAt !== null) throw new InvalidGrantError("The refresh token has been revoked.");

  const now = context.now();
  if (token.consumedAt !== null) {
    await revokeForReuse(context, grant.grantId, client.clientId);
  }
  if (isoAt(now) >= token.expiresAt) throw new InvalidGrantError("The refresh token has expired.");
  checkTokenResource(grant.resource, params("resource"));
  const accessScopes = checkNarrowedScopes(parseScopeString(params("scope")), token.scopes);

  const dpopJkt = await bindToProvenKey(context, token.dpopJkt, key, "refresh token");
  const minted = mintTokens(context.now, grant.grantId, accessScopes, token.scopes, dpopJkt);
  if ((await context.stores.tokens.rotateRefresh(tokenHash, isoAt(now), minted.records)) === "reused") {
    // A concurrent request rotated it first; the store has already revoked the grant.
    await revokeForReuse(context, grant.grantId, client.clientId);
  }
  return minted.response;
}

async function revokeForReuse(context: AuthContext, grantId: string, clientId: string): Promise<never> {
  await revokeGrant(context, grantId, "refresh token reused", { clientId });
  throw new InvalidGrantError("The refresh token has already been used; its grant is now revoked.");
}
