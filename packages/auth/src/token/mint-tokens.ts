import type { Scope } from "@connector/core";
import { newId } from "@connector/core/domain";
import type { NewToken } from "@connector/core/ports";
import { type Clock, isoAt } from "../clock.js";
import { newSecret, sha256Hex } from "../crypto/secrets.js";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from "../lifetimes.js";

/** RFC 6749 §5.1 successful token response. */
export interface TokenResponse {
  access_token: string;
  /** `DPoP` when the tokens are bound to a key (RFC 9449 §5), else `Bearer`. */
  token_type: "Bearer" | "DPoP";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface MintedTokens {
  /** What the store keeps: hashes only. */
  records: NewToken[];
  response: TokenResponse;
}

/**
 * A new opaque access token (15 minutes) and refresh token (7 days) for a grant (spec §5.1.9).
 * The access token may carry fewer scopes than the refresh token after a narrowing refresh. With a
 * DPoP key thumbprint both are bound to it (RFC 9449 §5, §6.1: the thumbprint is kept beside each
 * token's hash, as a JWT would carry it in `cnf.jkt`), and the token type is `DPoP`.
 */
export function mintTokens(clock: Clock, grantId: string, accessScopes: Scope[], refreshScopes: Scope[], dpopJkt: string | null = null): MintedTokens {
  const now = clock();
  const accessToken = newSecret("at");
  const refreshToken = newSecret("rt");
  const records: NewToken[] = [
    {
      tokenId: newId(now),
      kind: "access",
      tokenHash: sha256Hex(accessToken),
      grantId,
      scopes: accessScopes,
      createdAt: isoAt(now),
      expiresAt: isoAt(now + ACCESS_TOKEN_TTL_MS),
      dpopJkt,
    },
    {
      tokenId: newId(now),
      kind: "refresh",
      tokenHash: sha256Hex(refreshToken),
      grantId,
      scopes: refreshScopes,
      createdAt: isoAt(now),
      expiresAt: isoAt(now + REFRESH_TOKEN_TTL_MS),
      dpopJkt,
    },
  ];
  return {
    records,
    response: {
      access_token: accessToken,
      token_type: dpopJkt === null ? "Bearer" : "DPoP",
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      refresh_token: refreshToken,
      scope: accessScopes.join(" "),
    },
  };
}
