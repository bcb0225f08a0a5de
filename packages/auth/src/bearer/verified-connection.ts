import type { Workspace } from "@connector/core";
import type { BearerConnection, BearerError, BearerErrorCode, DpopChallengeError } from "@connector/http";
import type { VerifiedAccessToken } from "./token-verifier.js";

/** How one request is refused: its code and message, and the challenge in the scheme it used. */
export type Refuse = (code: BearerErrorCode, message: string, error?: DpopChallengeError, headers?: Record<string, string>) => BearerError;

/** The token is live and of this workspace, else the refusal. */
export function checkToken(verified: VerifiedAccessToken | undefined, workspace: Workspace, refuse: Refuse): VerifiedAccessToken {
  if (verified === undefined) {
    const message = "The access token is expired, revoked or unknown. Refresh it or connect again.";
    throw refuse("invalid_token", message, { code: "invalid_token", description: message });
  }
  if (verified.principal.workspace !== workspace) {
    const message = `This access token is for the ${verified.principal.workspace} workspace, not ${workspace}; refreshing it cannot help. Connect ${workspace} separately.`;
    throw refuse("wrong_workspace", message, { code: "invalid_token", description: message });
  }
  return verified;
}

export function connectionOf(
  verified: VerifiedAccessToken,
  resourceMetadataUrl: string,
  dpop: BearerConnection["dpop"],
  headers?: Record<string, string>,
): BearerConnection {
  return {
    principal: verified.principal,
    scopes: verified.scopes,
    expiresAt: verified.expiresAt,
    resourceMetadataUrl,
    ...(dpop === undefined ? {} : { dpop }),
    ...(headers === undefined ? {} : { headers }),
  };
}
