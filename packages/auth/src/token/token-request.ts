import type { AuthContext } from "../context.js";
import { InvalidRequestError, UnsupportedGrantTypeError } from "../errors/oauth-error.js";
import type { ParamReader } from "../params.js";
import { authorizationCodeGrant } from "./authorization-code-grant.js";
import { identifyPublicClient } from "./identify-client.js";
import type { TokenResponse } from "./mint-tokens.js";
import { refreshTokenGrant } from "./refresh-token-grant.js";
import type { DpopRequest } from "../dpop/dpop-proofs.js";
import { tokenRequestKey } from "./token-dpop.js";

/** Which grant handles which grant_type; nothing else is offered (spec §5.1.1). */
const GRANTS = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
} as const;

/** @see RFC 6749 §3.2; a `DPoP` header (RFC 9449 §5) asks for tokens bound to its key. */
export async function handleTokenRequest(
  context: AuthContext,
  params: ParamReader,
  authorizationHeader: string | undefined,
  dpop?: DpopRequest,
): Promise<TokenResponse> {
  const grantType = params("grant_type");
  if (grantType === undefined) throw new InvalidRequestError("The grant_type parameter is required.");
  if (!Object.hasOwn(GRANTS, grantType)) {
    throw new UnsupportedGrantTypeError("Only the authorization_code and refresh_token grants are supported.");
  }
  const client = await identifyPublicClient(context.stores, params, authorizationHeader);
  const key = await tokenRequestKey(context, client, dpop);
  return GRANTS[grantType as keyof typeof GRANTS](context, client, params, key);
}
