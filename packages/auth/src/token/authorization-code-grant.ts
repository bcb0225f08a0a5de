import type { OAuthClientRecord } from "@connector/core/ports";
import { isoAt } from "../clock.js";
import { checkPkceVerifier } from "../checks/check-pkce.js";
import { checkTokenResource } from "../checks/check-resource.js";
import type { AuthContext } from "../context.js";
import { sha256Hex } from "../crypto/secrets.js";
import { InvalidGrantError, InvalidRequestError } from "../errors/oauth-error.js";
import type { ParamReader } from "../params.js";
import { revokeGrant } from "../revocation/revoke-grant.js";
import type { CheckedDpopProof } from "../dpop/dpop-proofs.js";
import { type TokenResponse, mintTokens } from "./mint-tokens.js";
import { bindToProvenKey } from "./token-dpop.js";

/**
 * grant_type=authorization_code.
 * Checks run before the single-use check, so only a caller able to complete the exchange (right
 * client, redirect URI, resource and PKCE verifier) can trigger replay revocation.
 * A code bound to a DPoP key (`dpop_jkt`) needs a proof of that key; a proof binds the tokens.
 * @see RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 8707 §2.2, RFC 9700 §4.2.4, RFC 9449 §5 and §10
 */
export async function authorizationCodeGrant(
  context: AuthContext,
  client: OAuthClientRecord,
  params: ParamReader,
  key: CheckedDpopProof | undefined,
): Promise<TokenResponse> {
  const codeValue = params("code");
  if (codeValue === undefined) throw new InvalidRequestError("The code parameter is required.");
  const codeHash = sha256Hex(codeValue);
  const code = await context.stores.codes.findByHash(codeHash);
  if (code === undefined) throw new InvalidGrantError("The authorization code is invalid.");

  const now = context.now();
  if (isoAt(now) >= code.expiresAt) throw new InvalidGrantError("The authorization code has expired.");
  if (code.clientId !== client.clientId) throw new InvalidGrantError("The authorization code was issued to another client.");
  // RFC 6749 §4.1.3: required because the authorization request always carries redirect_uri here.
  if (params("redirect_uri") !== code.redirectUri) {
    throw new InvalidGrantError("The redirect_uri does not match the authorization request.");
  }
  checkTokenResource(code.resource, params("resource"));
  checkPkceVerifier(code.codeChallenge, params("code_verifier"));

  const grant = await context.stores.grants.find(code.grantId);
  if (grant === undefined || grant.revokedAt !== null) throw new InvalidGrantError("The grant has been revoked.");

  const dpopJkt = await bindToProvenKey(context, code.dpopJkt, key, "authorization code");
  const minted = mintTokens(context.now, grant.grantId, code.scopes, code.scopes, dpopJkt);
  // RFC 6749 §4.1.2: a code used twice revokes every token issued from it (done by the store, atomically).
  if ((await context.stores.codes.redeem(codeHash, isoAt(now), minted.records)) === "replayed") {
    await revokeGrant(context, grant.grantId, "authorization code replayed", { clientId: client.clientId });
    throw new InvalidGrantError("The authorization code has already been used; its grant is now revoked.");
  }
  return minted.response;
}
