import { type BearerAuthenticator, BearerError, bearerChallenge } from "@connector/http";
import { normalizeBaseUrl } from "../base-url.js";
import { protectedResourceMetadataUrl } from "../discovery/protected-resource-metadata.js";
import type { TokenVerifier } from "./token-verifier.js";

export interface BearerGuardOptions {
  verifier: TokenVerifier;
  baseUrl: string;
}

export interface BearerGuard {
  /** `@connector/http`'s one bearer interface. Throws BearerError (401). */
  authenticate: BearerAuthenticator;
}

/** RFC 6750 §2.1: `Bearer` (any case) then a token68. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The check in front of every connector call, REST or MCP (spec §5.1.7, §5.1.11, §7):
 * - no `Bearer` credential → 401 `connection_required`;
 * - unknown, expired or revoked token → 401 `invalid_token`;
 * - a live token bound to the other workspace → 401 `wrong_workspace`: the MCP authorization rules
 *   answer a token not issued for this resource 401 like an invalid one (RFC 6750 `invalid_token`
 *   in the challenge), and the body's code and the challenge's `error_description` say it is the
 *   workspace, so a client does not refresh a token that refreshing cannot fix.
 * The tool's scope is checked after the tool is known, by `@connector/http`'s `requireScope`
 * (403 `insufficient_scope`), over the scopes this returns.
 * Legacy `/api/v1` keys are not in the token table, so they never pass here, and this guard is not
 * mounted on `/api/v1`, so connector tokens never authorize it.
 */
export function createBearerGuard(options: BearerGuardOptions): BearerGuard {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  return {
    async authenticate(authorization, workspace) {
      const metadataUrl = protectedResourceMetadataUrl(baseUrl, workspace);
      const match = authorization === undefined ? null : BEARER.exec(authorization);
      if (match === null) {
        if (authorization !== undefined && /^Bearer\b/i.test(authorization)) {
          const message = "The Authorization header is malformed; send Authorization: Bearer <access token>.";
          throw new BearerError("invalid_token", message, bearerChallenge(metadataUrl, { code: "invalid_token", description: message }));
        }
        throw new BearerError(
          "connection_required",
          `Connect the ${workspace} workspace first: send Authorization: Bearer <access token>.`,
          bearerChallenge(metadataUrl),
        );
      }
      const token = match[1]!;
      const verified = await options.verifier.verify(token);
      if (verified === undefined) {
        const message = "The access token is expired, revoked or unknown. Refresh it or connect again.";
        throw new BearerError("invalid_token", message, bearerChallenge(metadataUrl, { code: "invalid_token", description: message }));
      }
      if (verified.principal.workspace !== workspace) {
        const message = `This access token is for the ${verified.principal.workspace} workspace, not ${workspace}; refreshing it cannot help. Connect ${workspace} separately.`;
        throw new BearerError("wrong_workspace", message, bearerChallenge(metadataUrl, { code: "invalid_token", description: message }));
      }
      return { principal: verified.principal, scopes: verified.scopes, expiresAt: verified.expiresAt, resourceMetadataUrl: metadataUrl };
    },
  };
}
