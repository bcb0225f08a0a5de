/** RFC 9449 §5, §7.1, §8, §9: the proof is wrong, or lacks the nonce the server asks for. */
export type DpopProofErrorCode = "invalid_dpop_proof" | "use_dpop_nonce";

/**
 * A DPoP proof refused. The token endpoint answers it 400 (RFC 6749 §5.2 body), a resource server 401
 * with a `DPoP` challenge; `use_dpop_nonce` comes with the nonce to use (`DPoP-Nonce`). The description
 * says what to fix and carries nothing of the proof.
 */
export class DpopProofError extends Error {
  constructor(
    readonly code: DpopProofErrorCode,
    description: string,
  ) {
    super(description);
    this.name = "DpopProofError";
  }
}
