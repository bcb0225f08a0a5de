import type { ConnectorPrincipal, Scope, Workspace } from "@connector/core";
import { normalizeBaseUrl } from "../base-url.js";
import { protectedResourceMetadataUrl } from "../discovery/protected-resource-metadata.js";
import { BearerError } from "../errors/bearer-error.js";
import type { TokenVerifier } from "./token-verifier.js";
import { bearerChallenge } from "./www-authenticate.js";

export interface BearerGuardOptions {
  verifier: TokenVerifier;
  baseUrl: string;
}

export interface AuthenticatedRequest {
  principal: ConnectorPrincipal;
  /** Seconds since the epoch. */
  expiresAt: number;
  token: string;
  /** Throws 403 `insufficient_scope` with its challenge unless the token holds `scope`. */
  requireScope(scope: Scope): void;
}

export type Authenticate = (
  authorization: string | undefined,
  workspace: Workspace,
  requiredScope: Scope | undefined,
) => Promise<AuthenticatedRequest>;

export interface BearerGuard {
  /** Usable as `@connector/http`'s `BearerAuthenticator`. Throws BearerError. */
  authenticate: Authenticate;
}

/** RFC 6750 §2.1: `Bearer` (any case) then a token68. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The check in front of every connector call, REST or MCP (spec §5.1.7, §5.1.11, §7):
 * - no `Bearer` credential → 401 `connection_required`;
 * - unknown, expired, revoked token, or one bound to the other workspace → 401 `invalid_token`
 *   (MCP authorization: a token not issued for this resource is rejected like an invalid one,
 *   which sends the client back through authorization for the right workspace);
 * - token without the tool's scope → 403 `insufficient_scope` naming the scope.
 * Legacy `/api/v1` keys are not in the token table, so they never pass here, and this guard is not
 * mounted on `/api/v1`, so connector tokens never authorize it.
 */
export function createBearerGuard(options: BearerGuardOptions): BearerGuard {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  return {
    async authenticate(authorization, workspace, requiredScope) {
      const metadataUrl = protectedResourceMetadataUrl(baseUrl, workspace);
      const match = authorization === undefined ? null : BEARER.exec(authorization);
      if (match === null) {
        if (authorization !== undefined && /^Bearer\b/i.test(authorization)) {
          throw new BearerError(
            "invalid_token",
            "The Authorization header is malformed; send Authorization: Bearer <access token>.",
            bearerChallenge(metadataUrl, { code: "invalid_token" }),
          );
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
        throw new BearerError(
          "invalid_token",
          "The access token is expired, revoked or unknown. Refresh it or connect again.",
          bearerChallenge(metadataUrl, { code: "invalid_token" }),
        );
      }
      if (verified.principal.workspace !== workspace) {
        throw new BearerError(
          "invalid_token",
          `This access token is for the ${verified.principal.workspace} workspace, not ${workspace}. Connect ${workspace} separately.`,
          bearerChallenge(metadataUrl, { code: "invalid_token" }),
        );
      }
      const requireScope = (scope: Scope) => {
        if (verified.scopes.includes(scope)) return;
        throw new BearerError(
          "insufficient_scope",
          `This connection lacks the ${scope} permission. Reconnect and allow it.`,
          bearerChallenge(metadataUrl, { code: "insufficient_scope", scope }),
        );
      };
      if (requiredScope !== undefined) requireScope(requiredScope);
      return { principal: verified.principal, expiresAt: verified.expiresAt, token, requireScope };
    },
  };
}
