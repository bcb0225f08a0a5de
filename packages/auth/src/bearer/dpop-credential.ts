import type { Workspace } from "@connector/core";
import type { BearerConnection, ProofOfPossession } from "@connector/http";
import { DpopProofError } from "../dpop/dpop-proof-error.js";
import type { CheckedDpopProof, DpopProofs } from "../dpop/dpop-proofs.js";
import type { TokenVerifier } from "./token-verifier.js";
import { checkToken, connectionOf, type Refuse } from "./verified-connection.js";

export interface DpopCredentialContext {
  dpop: DpopProofs;
  verifier: TokenVerifier;
  /** The service's root: a proof's `htu` must be this plus the request's path. */
  baseUrl: string;
  metadataUrl: string;
  refuse: Refuse;
}

/**
 * `Authorization: DPoP <token>` with its `DPoP` proof (RFC 9449 §7): the proof checked for this request
 * (§4.3, with `ath` for this token and the service's nonce, §9) before the token is looked up; the token
 * live, of this workspace and bound to the proof's key; then, last, the proof spent, so no process
 * accepts it again. Every answer carries the current nonce (`DPoP-Nonce`, §8.2), refusals too, so a
 * client whose nonce aged out retries once and continues. Refusals are said in the `DPoP` challenge:
 * `invalid_dpop_proof`, `use_dpop_nonce`, or `invalid_token` for the token.
 */
export async function authenticateDpop(
  context: DpopCredentialContext,
  token: string,
  workspace: Workspace,
  proof: ProofOfPossession | undefined,
): Promise<BearerConnection> {
  const { dpop } = context;
  const headers = { "DPoP-Nonce": await dpop.nonce() };
  const refuse: Refuse = (code, message, error, more) => context.refuse(code, message, error, { ...headers, ...more });
  const refusal = (error: unknown) => {
    if (!(error instanceof DpopProofError)) return error;
    return refuse(error.code, error.message, { code: error.code, description: error.message });
  };
  if (proof === undefined) throw refuse("invalid_dpop_proof", "Send the DPoP proof in a DPoP header.", { code: "invalid_dpop_proof", description: "Send the DPoP proof in a DPoP header." });
  let checked: CheckedDpopProof;
  try {
    checked = await dpop.check({ proof: proof.dpop, method: proof.method, url: `${context.baseUrl}${proof.path}` }, token);
  } catch (error) {
    throw refusal(error);
  }
  const verified = checkToken(await context.verifier.verify(token), workspace, refuse);
  if (verified.dpopJkt === null) {
    const message = "This access token is not bound to a DPoP key: send it as Authorization: Bearer <access token>.";
    throw refuse("invalid_token", message, { code: "invalid_token", description: message });
  }
  if (verified.dpopJkt !== checked.jkt) {
    const message = "This access token is bound to another DPoP key than the one that signed the proof.";
    throw refuse("invalid_token", message, { code: "invalid_token", description: message });
  }
  try {
    await dpop.spend(checked);
  } catch (error) {
    throw refusal(error);
  }
  return connectionOf(verified, context.metadataUrl, { algs: dpop.algorithms, proven: true }, headers);
}
