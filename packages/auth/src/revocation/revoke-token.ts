import type { AuthContext } from "../context.js";
import { sha256Hex } from "../crypto/secrets.js";
import { InvalidRequestError } from "../errors/oauth-error.js";
import type { ParamReader } from "../params.js";
import { identifyPublicClient } from "../token/identify-client.js";
import { revokeAccessToken, revokeGrant } from "./revoke-grant.js";

/**
 * RFC 7009 token revocation.
 * - An unknown, expired or already revoked token answers 200 (§2.2): nothing to reveal.
 * - A token issued to another client is refused and left alone (§2.1).
 * - A refresh token revokes its whole grant (§2.1 "SHOULD also invalidate all access tokens based
 *   on the same authorization grant"; spec §5.1.10); an access token revokes only itself.
 * `token_type_hint` is only a hint (§2.1) and both kinds share one lookup, so it is ignored.
 */
export async function revokeToken(
  context: AuthContext,
  params: ParamReader,
  authorizationHeader: string | undefined,
): Promise<void> {
  const client = await identifyPublicClient(context.stores, params, authorizationHeader);
  const presented = params("token");
  if (presented === undefined) throw new InvalidRequestError("The token parameter is required.");
  const tokenHash = sha256Hex(presented);
  const found = await context.stores.tokens.findByHash(tokenHash);
  if (found === undefined) return;
  if (found.grant.clientId !== client.clientId) {
    throw new InvalidRequestError("This client is not allowed to revoke the presented token.");
  }
  if (found.token.kind === "refresh") {
    await revokeGrant(context, found.grant.grantId, "revoked by client", { clientId: client.clientId });
    return;
  }
  await revokeAccessToken(context, tokenHash);
}
