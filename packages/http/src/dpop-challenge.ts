import type { BearerConnection } from "./bearer-connection.js";
import { bearerChallenge, type ChallengeError } from "./bearer-challenge.js";

/** RFC 9449 §7.1's error codes besides RFC 6750's. */
export type DpopChallengeError = ChallengeError | { code: "invalid_dpop_proof" | "use_dpop_nonce"; description: string };

/** What a resource that accepts DPoP says in its challenges: the algorithms, and the error when the request used DPoP. */
export interface DpopChallenge {
  /** The JWS algorithms accepted for proofs (`algs`, RFC 9449 §7.1). */
  algs: readonly string[];
  error?: DpopChallengeError | undefined;
}

/**
 * A challenge offering both schemes (RFC 9449 §7.1, RFC 9110 §11.6.1): the Bearer challenge as before,
 * then `DPoP` with its `algs`. The error goes with the scheme the request used: a DPoP request's
 * refusal is named in the `DPoP` challenge (the Bearer one keeps only `resource_metadata`), a Bearer
 * request's in the Bearer one, so each kind of client reads its own. Quoted values keep to RFC 6750
 * §3's characters.
 */
export function challengeWithDpop(resourceMetadataUrl: string, bearerError: ChallengeError | undefined, dpop: DpopChallenge): string {
  const parts: string[] = [];
  if (dpop.error !== undefined) {
    parts.push(`error="${dpop.error.code}"`);
    if (dpop.error.code === "insufficient_scope") parts.push(`scope="${dpop.error.scope}"`);
    parts.push(`error_description="${dpop.error.description.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, "")}"`);
  }
  parts.push(`algs="${dpop.algs.join(" ")}"`);
  return `${bearerChallenge(resourceMetadataUrl, bearerError)}, DPoP ${parts.join(", ")}`;
}

/** A refusal's challenge for an admitted connection (a missing scope): in the scheme its token came with. */
export function connectionChallenge(connection: BearerConnection, error: ChallengeError): string {
  const { dpop } = connection;
  if (dpop === undefined) return bearerChallenge(connection.resourceMetadataUrl, error);
  return dpop.proven
    ? challengeWithDpop(connection.resourceMetadataUrl, undefined, { algs: dpop.algs, error })
    : challengeWithDpop(connection.resourceMetadataUrl, error, { algs: dpop.algs });
}
