import type { OAuthClientRecord } from "@connector/core/ports";
import type { AuthContext } from "../context.js";
import type { CheckedDpopProof, DpopRequest } from "../dpop/dpop-proofs.js";
import { DpopProofError } from "../dpop/dpop-proof-error.js";
import { InvalidDpopProofError, InvalidGrantError, UseDpopNonceError } from "../errors/oauth-error.js";

/**
 * The key a token request proves possession of (RFC 9449 §5), checked but not yet spent; undefined for
 * a request without a `DPoP` header, which a client registered with `dpop_bound_access_tokens` may not
 * send (§5.2).
 */
export async function tokenRequestKey(
  context: AuthContext,
  client: OAuthClientRecord,
  request: DpopRequest | undefined,
): Promise<CheckedDpopProof | undefined> {
  if (request === undefined) {
    if (client.dpopBoundAccessTokens === true) {
      throw new InvalidDpopProofError("This app registered dpop_bound_access_tokens: send a DPoP proof (RFC 9449) with every token request.");
    }
    return undefined;
  }
  try {
    return await context.dpop.check(request);
  } catch (error) {
    throw asTokenEndpointError(error);
  }
}

/**
 * A code or refresh token bound to a key (§10, §5) is redeemed only with a proof of that key; then the
 * proof is spent (§11.1), the last step before the redemption is stored, so a refused request spends
 * nothing and a proof presented twice redeems nothing. Returns the key the new tokens are bound to.
 */
export async function bindToProvenKey(
  context: AuthContext,
  boundTo: string | null,
  key: CheckedDpopProof | undefined,
  what: "authorization code" | "refresh token",
): Promise<string | null> {
  if (boundTo !== null && key?.jkt !== boundTo) {
    throw new InvalidGrantError(
      key === undefined
        ? `The ${what} is bound to a DPoP key: send a DPoP proof signed with that key.`
        : `The ${what} is bound to another DPoP key than the one that signed this proof.`,
    );
  }
  if (key === undefined) return null;
  try {
    await context.dpop.spend(key);
  } catch (error) {
    throw asTokenEndpointError(error);
  }
  return key.jkt;
}

/** A refused proof in RFC 6749 §5.2's terms (the route adds the `DPoP-Nonce` header to every answer). */
function asTokenEndpointError(error: unknown): unknown {
  if (!(error instanceof DpopProofError)) return error;
  return error.code === "use_dpop_nonce" ? new UseDpopNonceError(error.message) : new InvalidDpopProofError(error.message);
}
