import type { ConnectorPrincipal, Scope } from "@connector/core";
import type { AuthStores } from "@connector/core/ports";
import { type Clock, isoAt, systemClock } from "../clock.js";
import { sha256Hex } from "../crypto/secrets.js";
import { GRANT_TOUCH_INTERVAL_MS } from "../lifetimes.js";

/** An access token that is live: known, unexpired, unrevoked, of a live grant whose user still qualifies. */
export interface VerifiedAccessToken {
  token: string;
  principal: ConnectorPrincipal;
  clientId: string;
  scopes: Scope[];
  /** The exact MCP URL the token is bound to (RFC 8707). */
  resource: string;
  /** Seconds since the epoch, as RFC 7662 and the MCP SDK count them. */
  expiresAt: number;
  /** The thumbprint of the DPoP key the token is bound to (RFC 9449 `cnf.jkt`); null for a Bearer token. */
  dpopJkt: string | null;
}

export interface TokenVerifier {
  /** Undefined for every kind of invalid token: callers answer all of them the same way. */
  verify(token: string): Promise<VerifiedAccessToken | undefined>;
}

export interface TokenVerifierOptions {
  now?: Clock;
}

/**
 * Verifies opaque access tokens by the SHA-256 of their value (spec §5.1, issue: tokens stored only
 * as hashes). The principal's desk or consumer comes from the user's row at verification time, so
 * a person who leaves a desk stops acting for it at once.
 */
export function createTokenVerifier(
  stores: Pick<AuthStores, "tokens" | "grants">,
  options: TokenVerifierOptions = {},
): TokenVerifier {
  const clock = options.now ?? systemClock;
  return {
    async verify(token) {
      const found = await stores.tokens.findByHash(sha256Hex(token));
      if (found === undefined) return undefined;
      const { token: record, grant, user } = found;
      const nowMs = clock();
      const now = isoAt(nowMs);
      if (record.kind !== "access" || record.revokedAt !== null || grant.revokedAt !== null) return undefined;
      if (now >= record.expiresAt) return undefined;
      const principal: ConnectorPrincipal = {
        grantId: grant.grantId,
        clientId: grant.clientId,
        userId: grant.userId,
        workspace: grant.workspace,
        scopes: record.scopes,
      };
      if (grant.workspace === "desk") {
        if (user.deskId === null) return undefined;
        principal.deskId = user.deskId;
      } else {
        if (user.consumerId === null) return undefined;
        principal.consumerId = user.consumerId;
      }
      // "Last used" for the Connections screen, written at most once a minute per grant.
      if (grant.lastUsedAt === null || Date.parse(grant.lastUsedAt) + GRANT_TOUCH_INTERVAL_MS <= nowMs) {
        await stores.grants.touch(grant.grantId, now);
      }
      return {
        token,
        principal,
        clientId: grant.clientId,
        scopes: record.scopes,
        resource: grant.resource,
        expiresAt: Math.floor(Date.parse(record.expiresAt) / 1000),
        dpopJkt: record.dpopJkt,
      };
    },
  };
}
