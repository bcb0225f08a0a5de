import { type BearerAuthenticator, BearerError, bearerChallenge, type ChallengeError, challengeWithDpop } from "@connector/http";
import { normalizeBaseUrl } from "../base-url.js";
import { protectedResourceMetadataUrl } from "../discovery/protected-resource-metadata.js";
import type { DpopProofs } from "../dpop/dpop-proofs.js";
import { authenticateDpop } from "./dpop-credential.js";
import type { TokenVerifier } from "./token-verifier.js";
import { checkToken, connectionOf, type Refuse } from "./verified-connection.js";

export interface BearerGuardOptions {
  verifier: TokenVerifier;
  baseUrl: string;
  /** DPoP's checks (RFC 9449): with them, DPoP-bound tokens are accepted with their proofs. */
  dpop?: DpopProofs;
}

export interface BearerGuard {
  /** `@connector/http`'s one bearer interface. Throws BearerError (401). */
  authenticate: BearerAuthenticator;
}

/** RFC 6750 §2.1 `Bearer`, or RFC 9449 §7.1 `DPoP` (any case), then a token68. */
const CREDENTIAL = /^(Bearer|DPoP) +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The check in front of every connector call, REST or MCP (spec §5.1.7, §5.1.11, §7):
 * - no `Bearer` or `DPoP` credential → 401 `connection_required`;
 * - unknown, expired or revoked token → 401 `invalid_token`;
 * - a live token bound to the other workspace → 401 `wrong_workspace`: the MCP authorization rules
 *   answer a token not issued for this resource 401 like an invalid one (RFC 6750 `invalid_token`
 *   in the challenge), and the body's code and the challenge's `error_description` say it is the
 *   workspace, so a client does not refresh a token that refreshing cannot fix;
 * - a token bound to a DPoP key (RFC 9449) sent as Bearer → 401 `invalid_token`; sent as `DPoP`, its
 *   proof is checked (dpop-credential.ts).
 * With DPoP on, every challenge offers both schemes (`Bearer …, DPoP algs="…"`).
 * The tool's scope is checked after the tool is known, by `@connector/http`'s `requireScope`
 * (403 `insufficient_scope`), over the scopes this returns.
 * Legacy `/api/v1` keys are not in the token table, so they never pass here, and this guard is not
 * mounted on `/api/v1`, so connector tokens never authorize it.
 */
export function createBearerGuard(options: BearerGuardOptions): BearerGuard {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const { dpop } = options;
  const offer = dpop === undefined ? undefined : { algs: dpop.algorithms, proven: false };
  return {
    async authenticate(authorization, workspace, proof) {
      const metadataUrl = protectedResourceMetadataUrl(baseUrl, workspace);
      const match = authorization === undefined ? null : CREDENTIAL.exec(authorization);
      const usedDpop = match?.[1]?.toLowerCase() === "dpop";
      const refuse: Refuse = (code, message, error, headers) => {
        if (dpop === undefined) return new BearerError(code, message, bearerChallenge(metadataUrl, error as ChallengeError | undefined), headers);
        const challenge = usedDpop
          ? challengeWithDpop(metadataUrl, undefined, { algs: dpop.algorithms, error })
          : challengeWithDpop(metadataUrl, error as ChallengeError | undefined, { algs: dpop.algorithms });
        return new BearerError(code, message, challenge, headers);
      };
      if (match === null) {
        if (authorization !== undefined && /^(Bearer|DPoP)\b/i.test(authorization)) {
          const message = "The Authorization header is malformed; send Authorization: Bearer <access token>.";
          throw refuse("invalid_token", message, { code: "invalid_token", description: message });
        }
        throw refuse("connection_required", `Connect the ${workspace} workspace first: send Authorization: Bearer <access token>.`);
      }
      const token = match[2]!;
      if (usedDpop) {
        if (dpop === undefined) {
          const message = "This resource takes Bearer tokens only: send Authorization: Bearer <access token>.";
          throw refuse("invalid_token", message, { code: "invalid_token", description: message });
        }
        return authenticateDpop({ dpop, verifier: options.verifier, baseUrl, metadataUrl, refuse }, token, workspace, proof);
      }
      const verified = checkToken(await options.verifier.verify(token), workspace, refuse);
      if (verified.dpopJkt !== null) {
        // RFC 9449 §7.1: a bound token is only good with a proof of its key; a copy sent as Bearer is refused.
        const message = "This access token is bound to a DPoP key: send it as Authorization: DPoP <access token> with a DPoP proof.";
        throw new BearerError(
          "invalid_token",
          message,
          challengeWithDpop(metadataUrl, undefined, { algs: dpop?.algorithms ?? [], error: { code: "invalid_token", description: message } }),
        );
      }
      return connectionOf(verified, metadataUrl, offer);
    },
  };
}
